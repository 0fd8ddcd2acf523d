/**
 * A minigolf scorecard on the phone (#/phone/<course>): the card of the player the phone belongs
 * to, with his group's (the round the group plays now, or played last), from the engine's report.
 * The phone's player is chosen once and kept on the phone for that course; until then a course of
 * one group shows that group's card. The phone's other minigolf buttons (a stroke) keep to his group.
 */
import { h } from '../dom';
import { num, t } from '../i18n';
import { statTable } from '../games/common';
import type { MinigolfReport } from '../../../shared/reports/minigolf';

const KEY = 'autoref.phone-player.';

export function phonePlayer(table: string): string {
  return localStorage.getItem(KEY + table) ?? '';
}

function setPhonePlayer(table: string, player: string): void {
  if (player) localStorage.setItem(KEY + table, player);
  else localStorage.removeItem(KEY + table);
}

/** The group whose card the phone shows: its player's, or the course's only group. */
export function phoneGroup(r: Pick<MinigolfReport, 'groups'>, player: string): MinigolfReport['groups'][number] | null {
  return r.groups.find((g) => g.order.includes(player)) ?? (r.groups.length === 1 ? r.groups[0]! : null);
}

/** The chooser and the card; `changed` runs when the phone's player is chosen. */
export function phoneCard(table: string, r: MinigolfReport, changed: () => void): HTMLElement {
  const mine = phonePlayer(table);
  const choose = h(
    'select',
    { id: 'phone-player', 'aria-label': t('phone.whose') },
    h('option', { value: '' }, t('phone.whoseNone')),
    ...r.players.map((p) => h('option', { value: p.id, selected: p.id === mine }, p.name)),
  );
  choose.addEventListener('change', () => {
    setPhonePlayer(table, choose.value);
    changed();
  });
  const g = phoneGroup(r, mine);
  const box = h(
    'section',
    { class: 'phone-card', id: 'phone-card' },
    h('h3', {}, t('phone.card')),
    h('label', { class: 'field' }, h('span', {}, t('phone.whose')), choose),
  );
  if (!g) {
    box.append(h('p', { class: 'muted' }, t('phone.chooseToSee')));
    return box;
  }
  const lanes = Array.from({ length: r.config.lanes }, (_, i) => String(i + 1));
  const rows = g.order.flatMap((id) => {
    const p = r.players.find((x) => x.id === id);
    const card = p?.rounds.find((c) => c.round === g.round) ?? p?.rounds.at(-1);
    if (!p || !card) return [];
    const name = h('span', { 'data-mine': String(p.id === mine) }, p.name);
    return [[name, ...card.lanes.map((v, i) => h('span', { 'data-card': `${p.id}:${card.round}:${i + 1}` }, v === null ? '' : num(v))), num(card.total)]];
  });
  box.append(
    h('div', { 'data-group-card': g.id }, statTable(t('mg.groupCard', { group: g.id, round: g.round }), [t('col.player'), ...lanes, t('mg.total')], rows)),
  );
  return box;
}
