/**
 * Referee / scorer panel (#/ref/<table>): pending decisions, calls for fouls no sensor sees,
 * corrections (undo, redo, override) with a reason, ending the match, the table's QR code.
 * Every write carries the venue PIN; without it the hub refuses and the panel says so.
 */
import { field, pinForm as pinFormOf } from '../pin-form';
import { h, button, replace } from '../dom';
import { blobUrl, getJson, pin, send } from '../api';
import { t } from '../i18n';
import { store } from '../store';
import { decisions, gameName, scoreLine, summaryLine } from '../games/common';
import type { View } from '../router';

/** Calls from each engine's catalogue that people enter most (docs/games/*.md); any call may be typed. */
const CALLS: Record<string, string[]> = {
  'three-cushion': ['foul', 'frozen', 'restore', 'interference', 'timeout', 'play', 'end_game', 'lag_winner'],
  'three-ball': ['foul', 'frozen', 'restore', 'interference', 'play', 'end_game'],
  'four-ball': ['foul', 'frozen', 'restore', 'interference', 'play', 'end_game'],
  'golf-billiards': ['foot', 'jump', 'touch', 'push', 'wrong_ball', 'own_onto_own', 'aim_before_rest', 'stop_own', 'stop_opponent'],
  'eight-ball': ['call', 'safety', 'frozen', 'foul', 'interference', 'concede', 'abandon'],
  'nine-ball': ['call', 'safety', 'frozen', 'foul', 'interference', 'concede', 'abandon'],
  minigolf: ['give_up', 'place', 'replay_stroke', 'touch', 'score', 'penalty', 'warn', 'correct', 'initial', 'submit'],
};

export const refereeView: View = (root, route) => {
  const tables = store.venue?.tables ?? [];
  let table = route.arg || tables[0]?.id || '';
  const msg = h('p', { class: 'message', id: 'ref-message', role: 'status', 'aria-live': 'polite' });
  const say = (s: string, ok = false): void => {
    msg.textContent = s;
    msg.dataset['ok'] = String(ok);
  };
  const write = (path: string, body: unknown, done: string): void => {
    void send('POST', path, body, pin()).then((r) => say(r.ok ? done : r.error, r.ok));
  };
  const tpath = (what: string): string => `/api/tables/${encodeURIComponent(table)}/${what}`;

  const pinForm = pinFormOf({ input: 'pin', form: 'pin-form' }, say);
  const picker = h('select', { id: 'ref-table' }, ...tables.map((x) => h('option', { value: x.id, selected: x.id === table }, `${x.name} · ${gameName(x.game)}`)));
  picker.addEventListener('change', () => {
    location.hash = `#/ref/${encodeURIComponent(picker.value)}`;
  });
  const live = h('div', { class: 'ref-live' });
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
  /** Decisions already answered in this match, offered for "change the answer". */
  const loadDecided = (): void => {
    void getJson<{ report?: { decisions?: unknown[]; decided?: unknown[] } }>(tpath('live')).then((r) => {
      const list = r.report?.decisions ?? r.report?.decided ?? [];
      const ids = list.map((d) => (typeof d === 'string' ? d.split('=')[0]! : (d as { id?: string }).id ?? '')).filter((x) => x);
      decided.replaceChildren(...[...new Set(ids)].map((id) => h('option', { value: id })));
    }).catch(() => undefined);
  };
  const ovAnswer = h('input', { type: 'text', id: 'override-answer', maxlength: 80 });
  const conf = tables.find((x) => x.id === table);
  const callInput = h('input', { type: 'text', id: 'call', list: 'calls', maxlength: 40 });
  const callPlayer = h('input', { type: 'text', id: 'call-player', maxlength: 40 });
  const callValue = h('input', { type: 'text', id: 'call-value', maxlength: 200 });
  const qr = h('div', { class: 'qr', id: 'qr' });

  root.append(
    h('h2', {}, t('ref.title')), msg, pinForm, field(t('ref.table'), picker), live,
    h('section', { class: 'panel' }, h('h3', {}, t('ref.corrections')), field(t('ref.reason'), reason),
      h('div', { class: 'row' },
        button(t('ref.undo'), () => correct('undo'), { id: 'undo' }),
        button(t('ref.redo'), () => correct('redo'), { id: 'redo' })),
      field(t('ref.overrideDecision'), ovDecision), decided, field(t('ref.overrideAnswer'), ovAnswer),
      button(t('ref.override'), () => {
        const why = needReason();
        if (why) write(tpath('input'), { type: 'override', decision: ovDecision.value.trim(), answer: ovAnswer.value.trim(), why, by: 'referee' }, t('ref.done'));
      }, { id: 'override' })),
    h('section', { class: 'panel' }, h('h3', {}, t('ref.call')),
      field(t('ref.callName'), callInput), h('datalist', { id: 'calls' }, ...(CALLS[conf?.game ?? ''] ?? []).map((c) => h('option', { value: c }))),
      field(t('ref.callPlayer'), callPlayer), field(t('ref.callValue'), callValue),
      button(t('ref.send'), () => {
        const call = callInput.value.trim();
        if (!call) return say(t('ref.needCall'));
        const v = callValue.value.trim();
        write(tpath('input'), { type: 'ref', call, by: 'referee', ...(callPlayer.value.trim() ? { player: callPlayer.value.trim() } : {}), ...(v ? { value: /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v } : {}), ...(reason.value.trim() ? { why: reason.value.trim() } : {}) }, t('ref.done'));
      }, { id: 'send-call' })),
    h('section', { class: 'panel' }, h('h3', {}, t('ref.match')),
      h('div', { class: 'row' },
        button(t('ref.endFinished'), () => write(tpath('end'), { status: 'finished', ...(reason.value.trim() ? { why: reason.value.trim() } : {}) }, t('ref.done')), { id: 'end-finished' }),
        button(t('ref.endAbandoned'), () => {
          const why = needReason();
          if (why) write(tpath('end'), { status: 'abandoned', why }, t('ref.done'));
        }, { id: 'end-abandoned' }),
        button(t('ref.qr'), () => {
          void blobUrl(`${tpath('qr.svg')}?base=${encodeURIComponent(location.origin)}`, pin()).then((url) => {
            if (!url) return say(t('err.AR_UNAUTHORIZED'));
            qr.replaceChildren(h('img', { src: url, alt: t('ref.qrAlt', { table: conf?.name ?? table }), width: 220, height: 220 }));
          });
        }, { id: 'show-qr' })),
      qr),
  );

  const render = (): void => {
    loadDecided();
    const s = store.tables.get(table);
    const sum = s?.match ? s.summary : null;
    replace(live,
      sum ? scoreLine(sum) : h('p', { class: 'muted' }, t('table.noMatch')),
      sum ? summaryLine(sum) : null,
      sum ? decisions(sum.pending, (d, value) => write(tpath('input'), { type: 'decide', decision: d.id, answer: value, by: 'referee' }, t('ref.done')), undefined, sum) : null,
    );
  };
  render();
  return store.subscribe((c) => {
    if (c.kind === 'venue') {
      table = route.arg || store.venue?.tables[0]?.id || '';
      render();
    }
    if (c.kind === 'table' && c.table === table) render();
  });
};
