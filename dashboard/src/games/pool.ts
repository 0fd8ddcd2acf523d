/**
 * Pool (8-ball, 9-ball) scoreboard: rack number, race score, ball in hand, and the balls each
 * player has pocketed in this rack (with the groups in 8-ball).
 */
import { h } from '../dom';
import { num, t } from '../i18n';
import { statTable } from './common';
import type { PoolReport } from '../../../shared/reports/pool';
import { findGame } from '../../../shared/game/catalogue';

export type { PoolReport };

/** What `pocketedBy` reads of a report. */
export interface PocketedFrom {
  players: Pick<PoolReport['players'][number], 'id'>[];
  rack: Pick<PoolReport['rack'], 'no' | 'balls'>;
  shots?: Pick<PoolReport['shots'][number], 'rack' | 'shooter' | 'pocketed'>[];
}

const isCue = (b: string): boolean => b === 'cue' || b === '0';

/**
 * Object balls down in this rack, per player: a ball counts for the player whose shot last
 * pocketed it, as long as it is still down (a ball spotted again no longer counts).
 */
export function pocketedBy(r: PocketedFrom): Map<string, string[]> {
  const by = new Map<string, string>();
  for (const s of r.shots ?? []) if (s.rack === r.rack.no) for (const b of s.pocketed) if (!isCue(b)) by.set(b, s.shooter);
  const out = new Map<string, string[]>(r.players.map((p) => [p.id, []]));
  for (const [ball, player] of by) if (r.rack.balls[ball] === 'pocketed') out.get(player)?.push(ball);
  for (const list of out.values()) list.sort((a, b) => Number(a) - Number(b));
  return out;
}

function balls(list: string[]): HTMLElement {
  return h('span', { class: 'balls' }, ...list.map((b) => h('span', { class: 'ball', 'data-ball': b }, b)));
}

export function poolBoard(r: PoolReport): HTMLElement {
  const box = h('section', { class: 'board pool' });
  const bih = r.rack.ballInHand;
  box.append(
    h(
      'dl',
      { class: 'facts' },
      h('dt', {}, t('pool.rack')),
      h('dd', { 'data-fact': 'rack' }, num(r.rack.no)),
      h('dt', {}, t('pool.race')),
      h('dd', { 'data-fact': 'race' }, `${r.players.map((p) => num(p.racksWon)).join(' – ')} (${t('pool.raceTo', { n: r.raceTo })})`),
      h('dt', {}, t('pool.ballInHand')),
      h('dd', { 'data-fact': 'ball-in-hand' }, bih === null ? t('no') : t(`pool.bih.${bih}`)),
    ),
  );
  const down = Object.entries(r.rack.balls)
    .filter(([b, st]) => st === 'pocketed' && !isCue(b))
    .map(([b]) => b)
    .sort((a, b) => Number(a) - Number(b));
  box.append(h('p', { class: 'balls', 'data-fact': 'pocketed' }, `${t('pool.pocketed')}: `, balls(down)));
  const per = pocketedBy(r);
  // Eight-ball: each player's group (solids, stripes), from the game's catalogue entry.
  const eight = findGame(r.game)?.groups === true;
  const head = [t('col.player'), ...(eight ? [t('pool.group')] : []), t('pool.pocketed'), t('pool.racks')];
  box.append(
    statTable(
      eight ? t('pool.groups') : t('pool.perPlayer'),
      head,
      r.players.map((p) => {
        const mine = per.get(p.id) ?? [];
        const cell = h('span', { 'data-pocketed': p.id, 'data-count': mine.length }, balls(mine));
        return [p.name, ...(eight ? [r.rack.groups[p.id] ? t(`pool.${r.rack.groups[p.id]!}`) : t('pool.open')] : []), cell, num(p.racksWon)];
      }),
    ),
  );
  return box;
}
