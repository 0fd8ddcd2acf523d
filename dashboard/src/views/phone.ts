/**
 * Phone view, opened from the QR code on a table (#/phone/<table>?t=<table token>), laid out for a
 * 375×667 phone: an open question or claim comes first, with its countdown to the default and its
 * answers, above the fold; then the score, on a minigolf course the stroke buttons and the
 * scorecard of the phone's player (referee/phone-card.ts); "End the match" last, away from the
 * answers, and confirmed. Only the controls the phone's token allows are shown (referee/access.ts):
 * without a token the board is read-only and says to scan the code. The table token from the QR
 * code is kept on the phone for that table.
 */
import { h, button } from '../dom';
import { getLive, send, setTableToken } from '../api';
import { t } from '../i18n';
import { store } from '../store';
import { decisions, gameName, scoreLine, summaryLine, headlineText, tickCountdowns } from '../games/common';
import type { View } from '../router';
import { playersToPlay } from '../games/minigolf';
import { claimsPanel, type ClaimSend } from '../games/claims';
import type { LiveTable, PendingDecision } from '../types';
import type { MinigolfReport } from '../../../shared/reports/minigolf';
import { findGame } from '../../../shared/game/catalogue';
import { sheetForm } from '../games/sheets';
import { accessAt, mayAnswer, tokenAt, writesOpen, type Access } from '../referee/access';
import { phoneCard, phoneGroup, phonePlayer } from '../referee/phone-card';

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
  const token = (): string => tokenAt(table);
  const conf = store.venue?.tables.find((x) => x.id === table);
  const lanes = findGame(conf?.game ?? '')?.lanes ?? false;
  const body = h('div', { class: 'phone', id: 'phone', 'data-table': table });
  const msg = h('p', { class: 'message', id: 'phone-message', role: 'status', 'aria-live': 'polite' });
  root.append(h('div', { class: 'phone-head' }, h('h2', {}, conf?.name ?? table), h('p', { class: 'game-name' }, gameName(conf?.game ?? ''))), msg, body);
  const say = (s: string, ok = false): void => {
    msg.textContent = s;
    msg.dataset['ok'] = String(ok);
  };
  // What the hub lets this phone write; until the hub has said whether it takes writes without a token, the tokens decide.
  let hubOpen = false;
  const access = (): Access => accessAt(table, hubOpen);
  const post = (path: string, b: object, done: string): void => {
    void send('POST', `/api/tables/${encodeURIComponent(table)}/${path}`, b, token()).then((r) => say(r.ok ? done : r.error, r.ok));
  };
  const answer = (d: PendingDecision, value: string): void => post('input', { type: 'decide', decision: d.id, answer: value }, t('phone.answered'));
  /** A claim or a dispute from the claims panel (dashboard/src/games/claims.ts): a refusal is said here. */
  const claim: ClaimSend = (b) => post('input', b, t(b.type === 'claim' ? 'claim.sent' : 'claim.disputeSent'));
  const end = (): void => {
    if (!confirm(t('phone.endConfirm'))) return;
    post('end', { status: 'finished' }, t('phone.ended'));
  };

  /**
   * Minigolf: one button per group with a player to play (only the phone's player's group once he
   * is chosen). A tap enters his stroke as the stroke sensor would (`ref` call `stroke`,
   * docs/games/minigolf.md); the table token allows it. Below, the phone's scorecard.
   */
  const strokes = h('section', { class: 'strokes', id: 'phone-strokes' });
  const card = h('div', { class: 'phone-card-slot' });
  const stroke = (player: string): void => post('input', { type: 'ref', call: 'stroke', player }, t('phone.strokeSaved'));
  let asked = 0;
  const loadCourse = (): void => {
    const n = ++asked;
    void getLive<LiveTable>(table)
      .then((r) => {
        if (n !== asked) return; // a later answer is on its way
        const sum = r.summary;
        const name = (id: string): string => sum?.players.find((p) => p.id === id)?.name ?? id;
        const report = (r.match ? r.report : null) as MinigolfReport | null;
        const mine = report ? phoneGroup(report, phonePlayer(table)) : null;
        const toPlay = access() === 'none' ? [] : playersToPlay(report).filter((x) => !mine || x.group === mine.id);
        strokes.replaceChildren(
          ...(toPlay.length ? [h('h3', {}, t('phone.strokes'))] : []),
          ...toPlay.map((x) =>
            button(t('phone.stroke', { name: name(x.player), lane: x.lane ?? '–' }), () => stroke(x.player), { class: 'primary', 'data-stroke': x.player }),
          ),
        );
        card.replaceChildren(...(report?.groups ? [phoneCard(table, report, loadCourse)] : []));
      })
      .catch(() => undefined);
  };

  let hadMatch: boolean | null = null;
  const render = (): void => {
    const live = store.tables.get(table);
    const s = live?.match ? live.summary : null;
    const a = access();
    if (!s) {
      // Keep a half-filled form while nothing changes; without a token there is nothing to start with.
      if (hadMatch !== false || body.dataset['access'] !== a)
        body.replaceChildren(
          a === 'none' ? h('p', { class: 'muted', id: 'phone-no-match' }, t('table.noMatch')) : startForm(table, conf?.game ?? '', say, token),
        );
      body.dataset['access'] = a;
      hadMatch = false;
      return;
    }
    hadMatch = true;
    body.dataset['access'] = a;
    if (lanes) loadCourse();
    const writes = a !== 'none';
    body.replaceChildren(
      // The question or the claim first: on a phone it is what must be seen and answered now.
      claimsPanel(s, writes ? claim : null) ?? '',
      s.pending.length > 0 ? decisions(s.pending, writes ? answer : undefined, undefined, s, (d) => mayAnswer(a, d)) : '',
      // Minigolf: the course's players are many; the phone's card says the score that matters to them.
      lanes ? '' : scoreLine(s, { big: true }),
      summaryLine(s),
      lanes ? '' : h('p', { class: 'headline' }, headlineText(s)),
      ...(lanes ? [strokes, card] : []),
      writes ? h('section', { class: 'phone-end' }, button(t('phone.end'), end, { class: 'secondary', id: 'end-match' })) : '',
    );
  };
  render();
  if (access() === 'none') say(t('phone.noToken'));
  void writesOpen().then((o) => {
    hubOpen = o;
    if (o) {
      if (msg.textContent === t('phone.noToken')) say('');
      hadMatch = null;
      render();
    }
  });
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
