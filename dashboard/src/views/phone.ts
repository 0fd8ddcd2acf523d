/**
 * Phone view, opened from the QR code on a table (#/phone/<table>?t=<table token>): start a
 * match with the players' names, answer the table's pending decisions with one tap, end it.
 * The table token from the QR code is kept on the phone for that table.
 */
import { h, button } from '../dom';
import { send, setTableToken, tableToken, pin } from '../api';
import { t } from '../i18n';
import { store } from '../store';
import { decisions, gameName, scoreLine, summaryLine } from '../games/common';
import type { View } from '../router';
import type { PendingDecision } from '../types';

function startForm(table: string, say: (s: string, ok?: boolean) => void, token: () => string): HTMLElement {
  const list = h('ol', { class: 'names' });
  const addRow = (): void => {
    const n = list.childElementCount + 1;
    const input = h('input', { type: 'text', name: `player-${n}`, maxlength: 80, autocomplete: 'off', required: true, 'aria-label': t('phone.playerN', { n }) });
    list.append(h('li', {}, h('label', {}, h('span', {}, t('phone.playerN', { n })), input)));
  };
  addRow();
  addRow();
  const form = h('form', { class: 'start', id: 'start-form' },
    h('h3', {}, t('phone.start')), list,
    button(t('phone.addPlayer'), addRow, { class: 'secondary' }),
    h('button', { type: 'submit', class: 'primary' }, t('phone.startButton')));
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const names = [...list.querySelectorAll('input')].map((i) => i.value.trim()).filter((x) => x);
    if (names.length === 0) return say(t('phone.needNames'));
    const sides = ['A', 'B', 'C', 'D'];
    const players = names.map((name, i) => ({ id: `p${i + 1}`, name, side: names.length <= 4 ? sides[i]! : undefined }));
    void send('POST', `/api/tables/${encodeURIComponent(table)}/matches`, { players }, token()).then((r) => say(r.ok ? t('phone.started') : r.error, r.ok));
  });
  return form;
}

export const phoneView: View = (root, route) => {
  const table = route.arg;
  const fromQr = route.query.get('t');
  if (fromQr) setTableToken(table, fromQr);
  const token = (): string => tableToken(table) || pin();
  const conf = store.venue?.tables.find((x) => x.id === table);
  const body = h('div', { class: 'phone', id: 'phone', 'data-table': table });
  const msg = h('p', { class: 'message', id: 'phone-message', role: 'status', 'aria-live': 'polite' });
  root.append(h('h2', {}, conf?.name ?? table), h('p', { class: 'game-name' }, gameName(conf?.game ?? '')), msg, body);
  const say = (s: string, ok = false): void => {
    msg.textContent = s;
    msg.dataset['ok'] = String(ok);
  };
  if (!token()) say(t('phone.noToken'));

  const answer = (d: PendingDecision, value: string): void => {
    void send('POST', `/api/tables/${encodeURIComponent(table)}/input`, { type: 'decide', decision: d.id, answer: value }, token()).then((r) => say(r.ok ? t('phone.answered') : r.error, r.ok));
  };
  const end = (): void => {
    if (!confirm(t('phone.endConfirm'))) return;
    void send('POST', `/api/tables/${encodeURIComponent(table)}/end`, { status: 'finished' }, token()).then((r) => say(r.ok ? t('phone.ended') : r.error, r.ok));
  };

  let hadMatch: boolean | null = null;
  const render = (): void => {
    const live = store.tables.get(table);
    const s = live?.match ? live.summary : null;
    if (!s) {
      // Keep a half-filled form while nothing changes.
      if (hadMatch !== false) body.replaceChildren(startForm(table, say, token));
      hadMatch = false;
      return;
    }
    hadMatch = true;
    body.replaceChildren(
      scoreLine(s, { big: true }), summaryLine(s),
      h('p', { class: 'headline' }, s.headline),
      decisions(s.pending, answer, (d) => d.answeredBy === 'players' || pin() !== '', s),
      button(t('phone.end'), end, { class: 'secondary', id: 'end-match' }),
    );
  };
  render();
  return store.subscribe((c) => {
    if (c.kind === 'venue' || (c.kind === 'table' && c.table === table)) render();
  });
};
