/**
 * Referee / scorer panel (#/ref/<table>), laid out for a 1280×800 tablet without scrolling for what
 * a referee does during play: the score and the open questions; the game's calls as buttons with
 * the players and balls (in their colours) to pick (dashboard/src/referee/calls.ts); the reason,
 * undo, redo and the last shots with "change" beside each answer (referee/recent.ts); the claims'
 * course; on a minigolf course the stroke clock's start and a stroke tapped in. Below, the tools used
 * less: a call the buttons do not offer, typed as the rules name it; ending the match; the table's
 * QR code; the events the rules refused. No match: the start form (with "continue from a score
 * sheet"). Every write carries the venue PIN and the name typed in "your name", so the log records
 * who made each correction and call; a refusal is said in the page's language.
 */
import { field, pinForm as pinFormOf } from '../pin-form';
import { h, button, replace } from '../dom';
import { getLive, pin, qrImage, send } from '../api';
import { t } from '../i18n';
import { store } from '../store';
import { decisions, gameName, playerName, scoreLine, summaryLine, tickCountdowns } from '../games/common';
import { claimsPanel } from '../games/claims';
import { playersToPlay } from '../games/minigolf';
import { startOptions } from '../games/options';
import { startForm } from './phone';
import type { View } from '../router';
import type { LiveTable } from '../types';
import { findGame } from '../../../shared/game/catalogue';
import { callsPanel, type LiveFacts } from '../referee/calls';
import { recentPanel } from '../referee/recent';

export { callsFor } from '../referee/call-args';

const WHO_KEY = 'autoref.ref-who';

/** A write with the referee's name when one is typed in (every input and `end` take `who`). */
export function signed<T extends object>(body: T, who: string): T & { who?: string } {
  const name = who.trim().slice(0, 80);
  return name ? { ...body, who: name } : body;
}

/** The body of a call typed by hand (More tools): the fields typed in, empty ones left out; a number stays a number. */
export function refCall(call: string, f: { player: string; ball: string; place: string; value: string; why: string }): Record<string, unknown> {
  const v = f.value.trim();
  const opt = (k: string, x: string): Record<string, string> => (x.trim() ? { [k]: x.trim() } : {});
  return {
    type: 'ref',
    call,
    by: 'referee',
    ...opt('player', f.player),
    ...opt('ball', f.ball),
    ...opt('place', f.place),
    ...(v ? { value: /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v } : {}),
    ...opt('why', f.why),
  };
}

export const refereeView: View = (root, route) => {
  const tables = store.venue?.tables ?? [];
  let table = route.arg || tables[0]?.id || '';
  const conf = tables.find((x) => x.id === table);
  const game = conf?.game ?? '';
  const lanes = findGame(game)?.lanes ?? false;
  const msg = h('p', { class: 'message', id: 'ref-message', role: 'status', 'aria-live': 'polite' });
  const say = (s: string, ok = false): void => {
    msg.textContent = s;
    msg.dataset['ok'] = String(ok);
  };
  // Remembered on this device: a referee types the name once.
  const who = h('input', { type: 'text', id: 'ref-who', maxlength: 80, autocomplete: 'name', value: localStorage.getItem(WHO_KEY) ?? '' });
  who.addEventListener('input', () => {
    const name = who.value.trim();
    if (name) localStorage.setItem(WHO_KEY, name);
    else localStorage.removeItem(WHO_KEY);
  });
  const tpath = (what: string): string => `/api/tables/${encodeURIComponent(table)}/${what}`;
  /** Sends with the PIN and the referee's name; says the hub's answer; resolves true when taken. */
  const write = (path: string, body: object, done: string): Promise<boolean> =>
    send('POST', path, signed(body, who.value), pin()).then((r) => {
      say(r.ok ? done : r.error, r.ok);
      return r.ok;
    });
  const input = (body: object): Promise<boolean> => write(tpath('input'), body, t('ref.done'));

  const pinForm = pinFormOf({ input: 'pin', form: 'pin-form' }, say);
  const picker = h(
    'select',
    { id: 'ref-table' },
    ...tables.map((x) => h('option', { value: x.id, selected: x.id === table }, `${x.name} · ${gameName(x.game)}`)),
  );
  picker.addEventListener('change', () => {
    location.hash = `#/ref/${encodeURIComponent(picker.value)}`;
  });

  const names = (id: string): string => playerName(store.tables.get(table)?.summary ?? null, id);
  const calls = callsPanel({ game, say, send: input });
  const recent = recentPanel({
    table,
    names,
    say,
    correct: input,
    loaded: (v) => {
      if (!v) return;
      facts = { ...facts, places: v.places };
      calls.update(facts);
    },
  });
  const live = h('section', { class: 'ref-live', id: 'ref-live' });
  const questions = h('div', { class: 'ref-questions' });
  const refusedBox = h('section', { class: 'refused', id: 'ref-refused-box' });
  // No match at the table: the referee starts one here (names, and the evening's options).
  const startBox = h('section', { class: 'panel', id: 'ref-start' });
  let hadMatch: boolean | null = null;
  let facts: LiveFacts = { summary: null, report: null, places: {} };

  // Minigolf: what the sensors cannot show starts the stroke clock (arrival at a lane, cards shown,
  // the previous player gone): the referee starts it; a stroke no sensor saw is tapped in.
  const mgPlayer = h('select', { id: 'mg-player' });
  const mgWrite = (body: (player: string) => object): void => {
    const player = mgPlayer.value;
    if (!player) return say(t(mgPlayer.options.length ? 'ref.needPlayer' : 'ref.mgNobody'));
    void input(body(player));
  };
  const minigolf = !lanes
    ? null
    : h(
        'section',
        { class: 'panel', id: 'ref-minigolf' },
        h('h3', {}, t('ref.minigolf')),
        h(
          'div',
          { class: 'row' },
          field(t('ref.mgPlayer'), mgPlayer),
          button(t('ref.startClock'), () => mgWrite((player) => ({ type: 'clock', clock: 'stroke', phase: 'start', player, by: 'referee' })), {
            id: 'start-clock',
          }),
          button(t('ref.tapStroke'), () => mgWrite((player) => ({ type: 'ref', call: 'stroke', player, by: 'referee' })), { id: 'tap-stroke' }),
        ),
      );

  // A call the buttons do not offer (the rules' whole catalogue: docs/games/*.md), typed as the rules name it.
  const otherCall = h('input', { type: 'text', id: 'other-call', maxlength: 40, autocomplete: 'off' });
  const otherPlayer = h('select', { id: 'other-player' });
  const otherBall = h('input', { type: 'text', id: 'other-ball', maxlength: 24, autocomplete: 'off' });
  const otherPlace = h('input', { type: 'text', id: 'other-place', maxlength: 24, autocomplete: 'off' });
  const otherValue = h('input', { type: 'text', id: 'other-value', maxlength: 200 });
  const qr = h('div', { class: 'qr', id: 'qr' });
  const reason = recent.reason;
  const more = h(
    'section',
    { class: 'panel ref-more', id: 'ref-more', 'aria-label': t('ref.more') },
    h('h3', {}, t('ref.more')),
    h(
      'div',
      { class: 'row' },
      button(
        t('ref.endFinished'),
        () => void write(tpath('end'), { status: 'finished', ...(reason.value.trim() ? { why: reason.value.trim() } : {}) }, t('ref.done')),
        { id: 'end-finished', class: 'secondary' },
      ),
      button(
        t('ref.endAbandoned'),
        () => {
          const why = reason.value.trim();
          if (!why) {
            say(t('ref.needReason'));
            return reason.focus();
          }
          void write(tpath('end'), { status: 'abandoned', why }, t('ref.done'));
        },
        { id: 'end-abandoned', class: 'secondary' },
      ),
      button(
        t('ref.qr'),
        () => {
          void qrImage(`${tpath('qr.svg')}?base=${encodeURIComponent(location.origin)}`, pin()).then((img) => {
            if (!img) return say(t('err.AR_UNAUTHORIZED'));
            qr.replaceChildren(
              h('img', { src: img.src, alt: t('ref.qrAlt', { table: conf?.name ?? table }), width: 220, height: 220 }),
              ...(img.link ? [h('p', {}, h('a', { href: img.link, id: 'qr-link' }, img.link))] : []),
            );
          });
        },
        { id: 'show-qr', class: 'secondary' },
      ),
    ),
    qr,
    h(
      'details',
      { class: 'other-call', id: 'other-call-box' },
      h('summary', {}, t('ref.otherCall')),
      h(
        'div',
        { class: 'row' },
        field(t('ref.callName'), otherCall),
        field(t('ref.callPlayer'), otherPlayer),
        field(t('ref.callBall'), otherBall),
        field(t('ref.callPlace'), otherPlace),
        field(t('ref.callValue'), otherValue),
        button(
          t('ref.send'),
          () => {
            const call = otherCall.value.trim();
            if (!call) return say(t('ref.needCall'));
            void input(
              refCall(call, { player: otherPlayer.value, ball: otherBall.value, place: otherPlace.value, value: otherValue.value, why: reason.value }),
            );
          },
          { id: 'send-other' },
        ),
      ),
    ),
    refusedBox,
  );

  // The score and the calls on one side; what is answered and corrected (questions, claims, undo, the last shots) on the other.
  const board = h(
    'div',
    { class: 'ref-grid' },
    h('div', { class: 'ref-main' }, live, calls.el, ...(minigolf ? [minigolf] : [])),
    h('div', { class: 'ref-side' }, questions, recent.el),
  );
  root.append(
    h('div', { class: 'ref-top' }, h('h2', {}, t('ref.title')), field(t('ref.table'), picker), pinForm, field(t('ref.who'), who), msg),
    h('div', { class: 'ref-panel', id: 'ref-panel' }, startBox, board, more),
  );

  let asked = 0;
  /** The engine report of the running match: the calls and balls that apply, the players to play, the refused events. */
  const loadLive = (): void => {
    const n = ++asked;
    void getLive<LiveTable>(table)
      .then((r) => {
        if (n !== asked) return; // a later answer is on its way
        const report = r.match ? (r.report ?? null) : null;
        facts = { ...facts, summary: store.tables.get(table)?.summary ?? r.summary, report };
        calls.update(facts);
        // What the rules refused of the sensors' events (a goal the match cannot place): with the device, so the board can be found.
        const refused = (r.match ? r.refused : null) ?? [];
        refusedBox.replaceChildren(
          ...(refused.length
            ? [
                h('h3', {}, t('ref.refused')),
                h(
                  'ul',
                  { id: 'ref-refused' },
                  ...refused
                    .slice()
                    .reverse()
                    .map((x) => h('li', { 'data-code': x.code }, `${x.device ?? '–'}: ${x.text}`)),
                ),
              ]
            : []),
        );
        if (!minigolf) return;
        const chosen = mgPlayer.value;
        mgPlayer.replaceChildren(
          ...playersToPlay(report).map((x) =>
            h(
              'option',
              { value: x.player, selected: x.player === chosen },
              t('ref.mgPlayerOption', { name: names(x.player), group: x.group, lane: x.lane ?? '–' }),
            ),
          ),
        );
      })
      .catch(() => undefined);
  };

  const render = (): void => {
    const s = store.tables.get(table);
    const sum = s?.match ? s.summary : null;
    const playing = Boolean(s?.match);
    board.hidden = !playing;
    if (playing !== hadMatch) {
      // Keep a half-filled form while nothing changes.
      startBox.replaceChildren(...(playing ? [] : [startForm(table, game, say, pin, { ...startOptions(game), who: () => who.value, sheet: true })]));
      startBox.hidden = playing;
      hadMatch = playing;
    }
    loadLive();
    recent.update(s?.match ? `${s.match}:${s.seq}` : null);
    const chosen = otherPlayer.value;
    otherPlayer.replaceChildren(
      h('option', { value: '' }, t('ref.noPlayer')),
      ...(sum?.players ?? []).map((p) => h('option', { value: p.id, selected: p.id === chosen }, p.name)),
    );
    replace(live, sum ? scoreLine(sum) : h('p', { class: 'muted' }, t('table.noMatch')), sum ? summaryLine(sum) : null);
    replace(
      questions,
      sum ? claimsPanel(sum, null, { referee: true }) : null,
      sum ? decisions(sum.pending, (d, value) => void input({ type: 'decide', decision: d.id, answer: value, by: 'referee' }), undefined, sum) : null,
    );
    facts = { ...facts, summary: sum };
  };
  render();
  const off = store.subscribe((c) => {
    if (c.kind === 'venue') {
      table = route.arg || store.venue?.tables[0]?.id || '';
      render();
    }
    if (c.kind === 'table' && c.table === table) render();
  });
  // The questions' and claims' countdowns move each second (only those elements change).
  const tick = setInterval(() => tickCountdowns(questions), 1000);
  return () => {
    off();
    clearInterval(tick);
  };
};
