/**
 * Pool (8-ball, 9-ball) scoreboard: rack number, balls pocketed per player or group, ball in
 * hand, race score.
 */
import { h } from '../dom';
import { num, t } from '../i18n';
import { statTable } from './common';

export interface PoolReport {
  game: string;
  players: { id: string; name: string; racksWon: number }[];
  raceTo: number;
  rack: { no: number; turn: string | null; inning: number; ballInHand: 'table' | 'kitchen' | null; balls: Record<string, string>; groups: Record<string, 'solids' | 'stripes'> };
}

function pocketedBy(r: PoolReport, player: string): string[] {
  const group = r.rack.groups[player];
  const balls = Object.entries(r.rack.balls).filter(([, st]) => st === 'pocketed').map(([b]) => b).filter((b) => b !== 'cue' && b !== '0');
  if (!group) return [];
  return balls.filter((b) => (group === 'solids' ? Number(b) >= 1 && Number(b) <= 7 : Number(b) >= 9 && Number(b) <= 15));
}

export function poolBoard(r: PoolReport): HTMLElement {
  const box = h('section', { class: 'board pool' });
  const bih = r.rack.ballInHand;
  box.append(h('dl', { class: 'facts' },
    h('dt', {}, t('pool.rack')), h('dd', { 'data-fact': 'rack' }, num(r.rack.no)),
    h('dt', {}, t('pool.race')), h('dd', { 'data-fact': 'race' }, `${r.players.map((p) => num(p.racksWon)).join(' – ')} (${t('pool.raceTo', { n: r.raceTo })})`),
    h('dt', {}, t('pool.ballInHand')), h('dd', { 'data-fact': 'ball-in-hand' }, bih === null ? t('no') : t(`pool.bih.${bih}`)),
  ));
  const pocketed = Object.entries(r.rack.balls).filter(([, st]) => st === 'pocketed').map(([b]) => b);
  box.append(h('p', { class: 'balls', 'data-fact': 'pocketed' }, `${t('pool.pocketed')}: `, ...pocketed.map((b) => h('span', { class: 'ball', 'data-ball': b }, b))));
  if (r.game === 'eight-ball') {
    box.append(statTable(t('pool.groups'), [t('col.player'), t('pool.group'), t('pool.pocketed'), t('pool.racks')],
      r.players.map((p) => [p.name, r.rack.groups[p.id] ? t(`pool.${r.rack.groups[p.id]!}`) : t('pool.open'), num(pocketedBy(r, p.id).length), num(p.racksWon)])));
  } else {
    box.append(statTable(t('pool.racks'), [t('col.player'), t('pool.racks')], r.players.map((p) => [p.name, num(p.racksWon)])));
  }
  return box;
}
