/**
 * Golf billiards (bumper pool) scoreboard: balls left per side, sets, whose turn, the
 * 50-second clock, the re-spot point choice when one is open.
 */
import { h } from '../dom';
import { num, t } from '../i18n';
import { clockLeft, statTable } from './common';
import type { PendingDecision } from '../types';

export interface GolfReport {
  started: boolean;
  config?: { turnMs: number; setsToWin: number };
  sides?: { side: string; players: string[]; holed: number; left: number; setsWon: number }[];
  set?: { number: number; turn: string | null; player: string | null; zonePlay: boolean };
  clock?: { startedAt: number | null; timeCalledAt: number | null; expired: boolean };
  pending?: PendingDecision[];
}

export function golfBoard(r: GolfReport, names: (id: string) => string): HTMLElement {
  const box = h('section', { class: 'board golf' });
  if (!r.started || !r.sides || !r.set || !r.config) return box;
  const clock = r.clock;
  box.append(h('dl', { class: 'facts' },
    h('dt', {}, t('golf.set')), h('dd', { 'data-fact': 'set' }, num(r.set.number)),
    h('dt', {}, t('golf.setsToWin')), h('dd', {}, num(r.config.setsToWin)),
    h('dt', {}, t('golf.turn')), h('dd', { 'data-fact': 'turn' }, r.set.player ? names(r.set.player) : '–'),
    h('dt', {}, t('golf.clock')), h('dd', { 'data-fact': 'clock' }, clock?.expired ? t('golf.time') : clockLeft(clock?.startedAt ?? null, r.config.turnMs / 1000)),
  ));
  if (r.set.zonePlay) box.append(h('p', { class: 'badge warn' }, t('golf.zone')));
  box.append(statTable(t('golf.sides'), [t('col.side'), t('golf.left'), t('golf.holed'), t('golf.sets')],
    r.sides.map((s) => [s.players.map(names).join(' & ') || s.side, h('span', { 'data-left': s.side }, num(s.left)), num(s.holed), num(s.setsWon)])));
  const respot = (r.pending ?? []).filter((d) => d.kind === 'golf-billiards.respot');
  for (const d of respot) box.append(h('p', { class: 'badge warn', 'data-fact': 'respot' }, t('golf.respot', { options: d.options.map((o) => o.value).join(', ') })));
  return box;
}
