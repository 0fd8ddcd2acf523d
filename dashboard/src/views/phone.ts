/**
 * Phone view, opened from the QR code on a table (#/phone/<table>?t=<table token>): start a
 * match with the players' names, answer the table's pending decisions with one tap, on a
 * minigolf course tap in the stroke of the player to play, end the match.
 * The table token from the QR code is kept on the phone for that table.
 */
import { h, button } from '../dom';
import { getLive, send, setTableToken, tableToken, pin } from '../api';
import { t } from '../i18n';
import { store } from '../store';
import { decisions, gameName, scoreLine, summaryLine, headlineText, tickCountdowns } from '../games/common';
import type { View } from '../router';
import { playersToPlay } from '../games/minigolf';
import { claimsPanel, type ClaimSend } from '../games/claims';
import type { LiveTable, PendingDecision } from '../types';
import { findGame } from '../../../shared/game/catalogue';
import { sheetForm } from '../games/sheets';

/**
 * The players of a new match, as the game's catalogue entry says: in bumper pool two sides play
 * (`alternate`: with four players, 1 and 3 form side A against 2 and 4, side B); the other games
 * take the players as they are.
 */
export function playersFor(game: string, names: string[]): { id: string; name: string; side?: string }[] {
  const sides = findGame(game)?.players.sides === 'alternate';
  return names.map((name, i) => ({ id: `p${i + 1}`, name, ...(sides ? { side: i % 2 === 0 ? 'A' : 'B' } : {}) }));
}

/**
 * The form that starts a match: the players' names, and (`options`, the referee panel) the
 * match options typed in; `who` is sent as the match's starter.
 */
export function startForm(
  table: string,
  game: string,
  say: (s: string, ok?: boolean) => void,
  token: () => string,
  options?: { fields: HTMLElement; config: () => Record<string, number> | undefined; who: () => string; sheet?: boolean },
): HTMLElement {
  const list = h('ol', { class: 'names' });
  const named = (): string[] => [...list.querySelectorAll('input')].map((i) => i.value.trim()).filter((x) => x);
  // The referee panel: "continue from a score sheet", for the players named above.
  const sheet = options?.sheet ? sheetForm(game, () => playersFor(game, named())) : null;
  list.addEventListener('change', () => sheet?.refresh());
  const players = findGame(game)?.players;
  const counts = players?.counts ?? undefined;
  const label = (n: number): string =>
    players?.sides === 'alternate' ? t('phone.playerSide', { n, side: n % 2 === 1 ? 'A' : 'B' }) : t('phone.playerN', { n });
  const addRow = (): void => {
    const n = list.childElementCount + 1;
    if (counts && n > Math.max(...counts)) return say(t(counts.length > 1 ? 'phone.needTwoOrFour' : 'phone.needTwo'));
    const input = h('input', { type: 'text', name: `player-${n}`, maxlength: 80, autocomplete: 'off', required: n === 1, 'aria-label': label(n) });
    list.append(h('li', {}, h('label', {}, h('span', {}, label(n)), input)));
  };
  addRow();
  addRow();
  const form = h(
    'form',
    { class: 'start', id: 'start-form' },
    h('h3', {}, t('phone.start')),
    list,
    counts ? h('p', { class: 'muted' }, t(counts.length > 1 ? 'phone.needTwoOrFour' : 'phone.needTwo')) : null,
    options?.fields ?? null,
    sheet?.fields ?? null,
    button(t('phone.addPlayer'), addRow, { class: 'secondary' }),
    h('button', { type: 'submit', class: 'primary' }, t('phone.startButton')),
  );
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const names = named();
    if (names.length === 0) return say(t('phone.needNames'));
    if (counts && !counts.includes(names.length)) return say(t(counts.length > 1 ? 'phone.needTwoOrFour' : 'phone.needTwo'));
    const config = options?.config();
    const who = options?.who().trim().slice(0, 80);
    const read = sheet?.read() ?? null;
    if (read && 'error' in read) return say(read.error);
    const body = { players: playersFor(game, names), ...(config ? { config } : {}), ...(who ? { who } : {}), ...(read ? { sheet: read.sheet } : {}) };
    void send('POST', `/api/tables/${encodeURIComponent(table)}/matches`, body, token()).then((r) => say(r.ok ? t('phone.started') : r.error, r.ok));
  });
  return form;
}

export const phoneView: View = (root, route) => {
  const table = route.arg;
  const fromQr = route.query.get('t');
  if (fromQr) setTableToken(table, fromQr);
  const token = (): string => tableToken(table) || pin();
  const conf = store.venue?.tables.find((x) => x.id === table);
  const lanes = findGame(conf?.game ?? '')?.lanes ?? false;
  const body = h('div', { class: 'phone', id: 'phone', 'data-table': table });
  const msg = h('p', { class: 'message', id: 'phone-message', role: 'status', 'aria-live': 'polite' });
  root.append(h('h2', {}, conf?.name ?? table), h('p', { class: 'game-name' }, gameName(conf?.game ?? '')), msg, body);
  const say = (s: string, ok = false): void => {
    msg.textContent = s;
    msg.dataset['ok'] = String(ok);
  };
  if (!token()) say(t('phone.noToken'));

  const answer = (d: PendingDecision, value: string): void => {
    void send('POST', `/api/tables/${encodeURIComponent(table)}/input`, { type: 'decide', decision: d.id, answer: value }, token()).then((r) =>
      say(r.ok ? t('phone.answered') : r.error, r.ok),
    );
  };
  /** A claim or a dispute from the claims panel (dashboard/src/games/claims.ts): a refusal is said here. */
  const claim: ClaimSend = (b) => {
    void send('POST', `/api/tables/${encodeURIComponent(table)}/input`, b, token()).then((r) =>
      say(r.ok ? t(b.type === 'claim' ? 'claim.sent' : 'claim.disputeSent') : r.error, r.ok),
    );
  };
  const end = (): void => {
    if (!confirm(t('phone.endConfirm'))) return;
    void send('POST', `/api/tables/${encodeURIComponent(table)}/end`, { status: 'finished' }, token()).then((r) =>
      say(r.ok ? t('phone.ended') : r.error, r.ok),
    );
  };

  /**
   * Minigolf: one button per group with a player to play. A tap enters his stroke as the stroke
   * sensor would (`ref` call `stroke`, docs/games/minigolf.md); the table token allows it.
   */
  const strokes = h('section', { class: 'strokes', id: 'phone-strokes' });
  const stroke = (player: string): void => {
    void send('POST', `/api/tables/${encodeURIComponent(table)}/input`, { type: 'ref', call: 'stroke', player }, token()).then((r) =>
      say(r.ok ? t('phone.strokeSaved') : r.error, r.ok),
    );
  };
  let asked = 0;
  const loadStrokes = (): void => {
    const n = ++asked;
    void getLive<LiveTable>(table)
      .then((r) => {
        if (n !== asked) return; // a later answer is on its way
        const sum = r.summary;
        const name = (id: string): string => sum?.players.find((p) => p.id === id)?.name ?? id;
        const toPlay = playersToPlay(r.match ? r.report : null);
        strokes.replaceChildren(
          ...(toPlay.length ? [h('h3', {}, t('phone.strokes'))] : []),
          ...toPlay.map((x) =>
            button(t('phone.stroke', { name: name(x.player), lane: x.lane ?? '–' }), () => stroke(x.player), { class: 'primary', 'data-stroke': x.player }),
          ),
        );
      })
      .catch(() => undefined);
  };

  let hadMatch: boolean | null = null;
  const render = (): void => {
    const live = store.tables.get(table);
    const s = live?.match ? live.summary : null;
    if (!s) {
      // Keep a half-filled form while nothing changes.
      if (hadMatch !== false) body.replaceChildren(startForm(table, conf?.game ?? '', say, token));
      hadMatch = false;
      return;
    }
    hadMatch = true;
    if (lanes) loadStrokes();
    body.replaceChildren(
      scoreLine(s, { big: true }),
      summaryLine(s),
      h('p', { class: 'headline' }, headlineText(s)),
      ...(lanes ? [strokes] : []),
      claimsPanel(s, token() ? claim : null) ?? '',
      // Every open question is shown; the players answer theirs, and see who must answer the others.
      decisions(s.pending, answer, undefined, s, (d) => d.answeredBy === 'players' || pin() !== ''),
      button(t('phone.end'), end, { class: 'secondary', id: 'end-match' }),
    );
  };
  render();
  const off = store.subscribe((c) => {
    if (c.kind === 'venue' || (c.kind === 'table' && c.table === table)) render();
  });
  // The questions' countdowns to their default move each second (only those elements change).
  const tick = setInterval(() => tickCountdowns(body), 1000);
  return () => {
    off();
    clearInterval(tick);
  };
};
