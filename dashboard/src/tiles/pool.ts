/**
 * The pool tile (eight-ball, nine-ball): racks won as the score, the race, the rack, and the balls
 * each side still needs drawn as balls in their colours with their numbers (eight-ball: his group
 * then the 8; nine-ball: the balls on the table, the lowest to hit first, the same for both), ball
 * in hand, and the three-foul warning where the game plays that rule (catalogue `foulsInRow`).
 */
import { h } from '../dom';
import { t } from '../i18n';
import { findGame } from '../../../shared/game/catalogue';
import { pocketedBy } from '../games/pool';
import type { PoolReport } from '../../../shared/reports/pool';
import { ballsNeeded, ballsOnTable, onTwoFouls, poolBallLook } from './figures';
import { fig, n, playerLine, playersList } from './common';
import type { TileBody } from './types';

/** A pool ball: its colour, a stripe for 9–15, its number on a white spot. */
export function poolBall(ball: string, attrs: Record<string, string> = {}): HTMLElement {
  const look = poolBallLook(ball);
  const el = h('span', { class: 'pball', 'data-ball': ball, 'data-stripe': String(look.stripe), ...attrs }, h('span', { class: 'pnum' }, ball));
  el.style.setProperty('--ball', look.colour);
  return el;
}

/** A row of balls; `next`: the first is the one to hit first (nine-ball's lowest ball). */
function ballRow(key: string, label: string, balls: string[] | null, attrs: Record<string, string>, next = false): HTMLElement {
  return h(
    'div',
    { class: 'ball-row', 'data-fig': key, ...attrs, 'data-balls': balls === null ? '' : balls.join(' ') },
    h('span', { class: 'lab' }, label),
    balls === null
      ? h('span', { class: 'val' }, t('tv.openTable'))
      : h('span', { class: 'balls' }, ...balls.map((b, i) => poolBall(b, next && i === 0 ? { 'data-next': '' } : {}))),
  );
}

export const poolTile: TileBody = (d) => {
  const r = d.report as PoolReport;
  const s = d.summary;
  const entry = findGame(r.game);
  const groups = entry?.groups === true;
  const playing = d.state === 'playing';
  const pocketed = pocketedBy(r);
  const lines = s.players.map((sp) => {
    const mine = pocketed.get(sp.id) ?? [];
    const fouls = r.rack.consecutiveFouls?.[sp.id] ?? 0;
    const hand = playing && r.rack.ballInHand !== null && r.rack.turn === sp.id;
    return playerLine(s, sp, {
      after: [
        groups && playing ? ballRow('needs', t('tv.needs'), ballsNeeded(r, sp.id, true), { 'data-needs': sp.id }) : null,
        h(
          'div',
          { class: 'figs' },
          fig('pocketed', t('pool.pocketed'), n(mine.length), { 'data-pocketed': sp.id, 'data-count': String(mine.length) }),
          entry?.foulsInRow && r.config.threeFoulRule && playing ? fig('fouls', t('tv.foulsInRow'), n(fouls), { 'data-fouls': sp.id }) : null,
          hand
            ? h(
                'span',
                { class: 'badge ok', 'data-fact': 'ball-in-hand', 'data-player': sp.id },
                r.rack.ballInHand === 'kitchen' ? `${t('pool.ballInHand')}: ${t('pool.bih.kitchen')}` : t('pool.ballInHand'),
              )
            : null,
        ),
        playing && onTwoFouls(r, sp.id) ? h('p', { class: 'badge warn three-fouls', 'data-warning': sp.id }, t('tv.twoFouls')) : null,
      ],
    });
  });
  const body = h(
    'div',
    { class: 'tile-body pool-tile' },
    playersList(s, lines),
    // Nine-ball: both need the same balls, shown once; the lowest, to hit first, leads.
    !groups && playing ? ballRow('on-table', t('tv.onTable'), ballsOnTable(r), { 'data-on-table': '' }, true) : null,
  );
  const facts = [
    fig('rack', t('pool.rack'), h('span', { 'data-fact': 'rack' }, n(r.rack.no))),
    h('span', { 'data-fact': 'race' }, `${r.players.map((p) => n(p.racksWon)).join(' – ')} (${t('pool.raceTo', { n: r.raceTo })})`),
  ];
  return { facts, body };
};
