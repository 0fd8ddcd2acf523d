/**
 * A ball holed with no stroke seen before it (MG-STROKE-13): the ball came to rest and then dropped
 * (wind, or a stroke the tee sensor missed), or it was holed from the start (a hole in one whose
 * stroke was missed). Which of the two the hole came from is the question's `basis`; the game's
 * base rates say how likely each answer is.
 */
import { courseOfRound } from './config';
import type { Ctx } from './context';
import { currentLane, toPlay } from './round';
import type { Player } from './state';

/** A hole signal this soon (ms) after a ball was holed on the lane is that ball's, not the next player's. */
export const SAME_BALL_MS = 3000;

/** The question of a hole with no stroke before it (MG-STROKE-13): `basis` says from where. */
export function holeWithoutStroke(ctx: Ctx, p: Player, lane: number, round: number, seen: string, basis: 'after-rest' | 'from-start'): Ctx['raise'] {
  const fromStart = basis === 'from-start';
  return {
    decision: {
      id: `hole-${ctx.at}:stroke`,
      kind: 'minigolf.hole_without_stroke',
      question: fromStart
        ? `Lane ${lane}: a ball was holed before any stroke of ${p.name} was seen. Was a stroke missed by the sensor (a hole in one), or was the ball put in by another cause?`
        : `Lane ${lane}: ${p.name}'s ball was holed with no stroke since it came to rest. Was it moved by wind or another outside cause, or was a stroke missed?`,
      options: [
        {
          value: 'void',
          label: fromStart ? 'Another cause: no stroke, the lane is played as before' : 'Outside cause: put the ball back, no stroke (MG-STROKE-13)',
        },
        { value: 'stroke', label: 'A stroke was made and missed by the sensor: count it, holed' },
      ],
      // The engine's own guess; the base rates make the more probable answer the default.
      default: fromStart ? 'stroke' : 'void',
      answeredBy: 'referee',
      evidence: [`hole sensor on lane ${lane}`, seen],
      raisedAt: ctx.at,
      basis,
    },
    payload: { player: p.id, round, lane },
  };
}

/** The player whose turn it is on `lane` with no stroke made there yet (MG-ORDER-7), and the round. */
export function dueOnLane(ctx: Ctx, lane: number, course: string | null): { player: Player; round: number } | null {
  const game = ctx.game;
  for (const g of game.groups) {
    if (g.done || g.waiting || currentLane(g, game.config) !== lane) continue;
    if (course !== null && courseOfRound(game.config, g.round) !== course) continue;
    const id = toPlay(game, g);
    const p = id === null ? undefined : game.players[id];
    if (!p || p.status !== 'active') continue;
    const play = p.play;
    if (play && play.round === g.round && play.lane === lane && play.strokes > 0) continue;
    return { player: p, round: g.round };
  }
  return null;
}
