/**
 * Referee / scorer panel (#/ref/<table>): pending decisions, calls for fouls no sensor sees,
 * corrections (undo, redo, override) with a reason, ending the match, the table's QR code; on a
 * minigolf course, the stroke clock's start and strokes tapped in by hand. Every write carries
 * the venue PIN (without it the hub refuses and the panel says so) and the name typed in "your
 * name", so the log records who made each correction and call.
 */
import { field, pinForm as pinFormOf } from '../pin-form';
import { h, button, replace } from '../dom';
import { getLive, pin, qrImage, send } from '../api';
import { t } from '../i18n';
import { store } from '../store';
import { decisions, gameName, scoreLine, summaryLine, tickCountdowns } from '../games/common';
import { playersToPlay } from '../games/minigolf';
import { startOptions } from '../games/options';
import { startForm } from './phone';
import type { View } from '../router';
import type { LiveTable } from '../types';
import { findGame } from '../../../shared/game/catalogue';

const WHO_KEY = 'autoref.ref-who';

/**
 * The calls offered for a game: its catalogue entry's (the calls people enter most, docs/games/*.md;
 * any call may be typed). A call that starts the shot clock (`play`) is offered only when the
 * running match has one (report.config.shotClockSeconds): three-ball and four-ball have none by
 * default, and the engine refuses it there.
 */
export function callsFor(game: string, report: unknown): string[] {
  const seconds = (report as { config?: { shotClockSeconds?: unknown } } | null | undefined)?.config?.shotClockSeconds;
  // A game this page does not know (a hub of another version) offers no calls; its board says why.
  return (findGame(game)?.referee.calls ?? []).filter((c) => !c.needsShotClock || typeof seconds === 'number').map((c) => c.call);
}

/** A write with the referee's name when one is typed in (every input and `end` take `who`). */
export function signed<T extends object>(body: T, who: string): T & { who?: string } {
  const name = who.trim().slice(0, 80);
  return name ? { ...body, who: name } : body;
}

/** The body of a referee call: the fields typed in, empty ones left out; a number stays a number. */
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
  const write = (path: string, body: object, done: string): void => {
    void send('POST', path, signed(body, who.value), pin()).then((r) => say(r.ok ? done : r.error, r.ok));
  };
  const tpath = (what: string): string => `/api/tables/${encodeURIComponent(table)}/${what}`;

  const pinForm = pinFormOf({ input: 'pin', form: 'pin-form' }, say);
  const picker = h(
    'select',
    { id: 'ref-table' },
    ...tables.map((x) => h('option', { value: x.id, selected: x.id === table }, `${x.name} · ${gameName(x.game)}`)),
  );
  picker.addEventListener('change', () => {
    location.hash = `#/ref/${encodeURIComponent(picker.value)}`;
  });
  const live = h('div', { class: 'ref-live' });
  const refusedBox = h('section', { class: 'refused', id: 'ref-refused-box' });
  // No match at the table: the referee starts one here (names, and the evening's options).
  const startBox = h('section', { class: 'panel', id: 'ref-start' });
  let hadMatch: boolean | null = null;
  const reason = h('input', { type: 'text', id: 'reason', maxlength: 400, autocomplete: 'off' });
  const needReason = (): string | null => {
    const why = reason.value.trim();
    if (!why) {
      say(t('ref.needReason'));
      reason.focus();
      return null;
    }
    return why;
  };
  const correct = (type: 'undo' | 'redo'): void => {
    const why = needReason();
    if (why) write(tpath('input'), { type, why, by: 'referee' }, t('ref.done'));
  };
  const ovDecision = h('input', { type: 'text', id: 'override-decision', list: 'decided', maxlength: 80 });
  const decided = h('datalist', { id: 'decided' });
  const ovAnswer = h('input', { type: 'text', id: 'override-answer', maxlength: 80 });
  const conf = tables.find((x) => x.id === table);
  const game = conf?.game ?? '';
  const lanes = findGame(game)?.lanes ?? false;
  const callInput = h('input', { type: 'text', id: 'call', list: 'calls', maxlength: 40 });
  const callList = h('datalist', { id: 'calls' });
  const mgPlayer = h('select', { id: 'mg-player' });
  let asked = 0;
  /**
   * From the engine report of the running match: decisions already answered (offered for "change
   * the answer"), the calls that apply, and on a minigolf course the players to play.
   */
  const loadLive = (): void => {
    const n = ++asked;
    void getLive<LiveTable>(table)
      .then((r) => {
        if (n !== asked) return; // a later answer is on its way
        const report = (r.match ? r.report : null) as { decisions?: unknown[]; decided?: unknown[] } | null;
        const list = report?.decisions ?? report?.decided ?? [];
        const ids = list.map((d) => (typeof d === 'string' ? d.split('=')[0]! : ((d as { id?: string }).id ?? ''))).filter((x) => x);
        decided.replaceChildren(...[...new Set(ids)].map((id) => h('option', { value: id })));
        callList.replaceChildren(...callsFor(game, report).map((c) => h('option', { value: c })));
        callList.dataset['loaded'] = 'true';
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
        if (!lanes) return;
        const chosen = mgPlayer.value;
        const sum = store.tables.get(table)?.summary ?? null;
        const name = (id: string): string => sum?.players.find((p) => p.id === id)?.name ?? id;
        mgPlayer.replaceChildren(
          ...playersToPlay(report).map((x) =>
            h(
              'option',
              { value: x.player, selected: x.player === chosen },
              t('ref.mgPlayerOption', { name: name(x.player), group: x.group, lane: x.lane ?? '–' }),
            ),
          ),
        );
      })
      .catch(() => undefined);
  };
  const mgWrite = (body: (player: string) => object): void => {
    const player = mgPlayer.value;
    if (!player) return say(t(mgPlayer.options.length ? 'ref.needPlayer' : 'ref.mgNobody'));
    write(tpath('input'), body(player), t('ref.done'));
  };
  // Minigolf: what the sensors cannot show starts the stroke clock (arrival at a lane, cards shown,
  // the previous player gone): the referee starts it; a stroke no sensor saw is tapped in.
  const minigolf = !lanes
    ? null
    : h(
        'section',
        { class: 'panel', id: 'ref-minigolf' },
        h('h3', {}, t('ref.minigolf')),
        field(t('ref.mgPlayer'), mgPlayer),
        h(
          'div',
          { class: 'row' },
          button(t('ref.startClock'), () => mgWrite((player) => ({ type: 'clock', clock: 'stroke', phase: 'start', player, by: 'referee' })), {
            id: 'start-clock',
          }),
          button(t('ref.tapStroke'), () => mgWrite((player) => ({ type: 'ref', call: 'stroke', player, by: 'referee' })), { id: 'tap-stroke' }),
        ),
      );
  // The players of the running match (filled by render); a call may name none.
  const callPlayer = h('select', { id: 'call-player' });
  const callBall = h('input', { type: 'text', id: 'call-ball', maxlength: 24, autocomplete: 'off' });
  const callPlace = h('input', { type: 'text', id: 'call-place', maxlength: 24, autocomplete: 'off' });
  const callValue = h('input', { type: 'text', id: 'call-value', maxlength: 200 });
  const qr = h('div', { class: 'qr', id: 'qr' });

  root.append(
    h('h2', {}, t('ref.title')),
    msg,
    pinForm,
    field(t('ref.who'), who),
    field(t('ref.table'), picker),
    live,
    startBox,
    refusedBox,
    ...(minigolf ? [minigolf] : []),
    h(
      'section',
      { class: 'panel' },
      h('h3', {}, t('ref.corrections')),
      field(t('ref.reason'), reason),
      h(
        'div',
        { class: 'row' },
        button(t('ref.undo'), () => correct('undo'), { id: 'undo' }),
        button(t('ref.redo'), () => correct('redo'), { id: 'redo' }),
      ),
      field(t('ref.overrideDecision'), ovDecision),
      decided,
      field(t('ref.overrideAnswer'), ovAnswer),
      button(
        t('ref.override'),
        () => {
          const why = needReason();
          if (why)
            write(tpath('input'), { type: 'override', decision: ovDecision.value.trim(), answer: ovAnswer.value.trim(), why, by: 'referee' }, t('ref.done'));
        },
        { id: 'override' },
      ),
    ),
    h(
      'section',
      { class: 'panel' },
      h('h3', {}, t('ref.call')),
      field(t('ref.callName'), callInput),
      callList,
      field(t('ref.callPlayer'), callPlayer),
      field(t('ref.callBall'), callBall),
      field(t('ref.callPlace'), callPlace),
      field(t('ref.callValue'), callValue),
      button(
        t('ref.send'),
        () => {
          const call = callInput.value.trim();
          if (!call) return say(t('ref.needCall'));
          write(
            tpath('input'),
            refCall(call, { player: callPlayer.value, ball: callBall.value, place: callPlace.value, value: callValue.value, why: reason.value }),
            t('ref.done'),
          );
        },
        { id: 'send-call' },
      ),
    ),
    h(
      'section',
      { class: 'panel' },
      h('h3', {}, t('ref.match')),
      h(
        'div',
        { class: 'row' },
        button(
          t('ref.endFinished'),
          () => write(tpath('end'), { status: 'finished', ...(reason.value.trim() ? { why: reason.value.trim() } : {}) }, t('ref.done')),
          { id: 'end-finished' },
        ),
        button(
          t('ref.endAbandoned'),
          () => {
            const why = needReason();
            if (why) write(tpath('end'), { status: 'abandoned', why }, t('ref.done'));
          },
          { id: 'end-abandoned' },
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
          { id: 'show-qr' },
        ),
      ),
      qr,
    ),
  );

  const render = (): void => {
    loadLive();
    const s = store.tables.get(table);
    const sum = s?.match ? s.summary : null;
    const chosen = callPlayer.value;
    callPlayer.replaceChildren(
      h('option', { value: '' }, t('ref.noPlayer')),
      ...(sum?.players ?? []).map((p) => h('option', { value: p.id, selected: p.id === chosen }, p.name)),
    );
    const playing = Boolean(s?.match);
    if (playing !== hadMatch) {
      // Keep a half-filled form while nothing changes.
      startBox.replaceChildren(...(playing ? [] : [startForm(table, game, say, pin, { ...startOptions(game), who: () => who.value, sheet: true })]));
      hadMatch = playing;
    }
    replace(
      live,
      sum ? scoreLine(sum) : h('p', { class: 'muted' }, t('table.noMatch')),
      sum ? summaryLine(sum) : null,
      sum
        ? decisions(
            sum.pending,
            (d, value) => write(tpath('input'), { type: 'decide', decision: d.id, answer: value, by: 'referee' }, t('ref.done')),
            undefined,
            sum,
          )
        : null,
    );
  };
  render();
  const off = store.subscribe((c) => {
    if (c.kind === 'venue') {
      table = route.arg || store.venue?.tables[0]?.id || '';
      render();
    }
    if (c.kind === 'table' && c.table === table) render();
  });
  // The questions' countdowns to their default move each second (only those elements change).
  const tick = setInterval(() => tickCountdowns(live), 1000);
  return () => {
    off();
    clearInterval(tick);
  };
};
