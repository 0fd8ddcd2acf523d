/**
 * Golden-stroke play-off from the sensors (MG-TIE-1/2): once every round is played, `strike`,
 * `hole`, `at_rest` and `off_table` on the play-off lane count the play-off strokes of the tied
 * players, as on any lane (one point a stroke, holed or the maximum after the last allowed
 * stroke). A `playoff` call enters or corrects the same score by hand.
 */
import type { GameEventOf } from '../../../shared/game/events';
import { courseOfLaneId } from './config';
import { parseLane, reject, type Ctx } from './context';
import { holedScore, strokeCap } from './lane';
import { playoffValue, ranking, type PlayoffNeed } from './ranking';
import { sourceOf } from './cow';
import type { Game, PlayoffBall } from './state';

export interface Awaited {
  player: string;
  category: string;
  need: PlayoffNeed;
}

/** Every tied player who still has to play the current play-off lane, with that lane. */
export function awaitedPlayoffLanes(game: Game): Awaited[] {
  const out: Awaited[] = [];
  for (const cat of ranking(game)) {
    for (const need of cat.playoffs) {
      for (const player of need.players) {
        if (playoffValue(game, cat.category, player, need.nextLane, need.course) === undefined) out.push({ player, category: cat.category, need });
      }
    }
  }
  return out;
}

/** Per game: a finished game is never changed in place, so its list is computed once (after-play.ts). */
const awaitedOf = new WeakMap<Game, readonly Awaited[]>();

/** `awaitedPlayoffLanes`, once per game (the list is only read). */
export function awaitedOnce(game: Game): readonly Awaited[] {
  let a = awaitedOf.get(game);
  if (a === undefined) {
    a = awaitedPlayoffLanes(game);
    awaitedOf.set(game, a);
  }
  return a;
}

/** True when a sensor event should be read as play-off play: every round is over. */
export function isPlayoffTime(game: Game): boolean {
  return game.status === 'finished';
}

function setBall(game: Game, id: string, ball: PlayoffBall | null): void {
  const { [id]: _old, ...rest } = game.playoffBalls;
  game.playoffBalls = ball ? { ...rest, [id]: ball } : rest;
}

function finish(ctx: Ctx, id: string, b: PlayoffBall, value: number): void {
  const game = ctx.game;
  game.playoffs = [...game.playoffs, { category: b.category, player: id, lane: b.lane, course: b.course, value, source: 'sensor', seq: ctx.seq }];
  setBall(game, id, null);
}

export function onPlayoffStrike(ctx: Ctx, e: GameEventOf<'strike'>): void {
  const game = ctx.game;
  const lane = parseLane(e.lane);
  const course = courseOfLaneId(game.config, e.lane);
  // Nothing is changed yet: the game this step copies reads alike, and keys the cache.
  const source = sourceOf(game);
  const awaited = source !== null ? awaitedOnce(source) : awaitedPlayoffLanes(game);
  let a: Awaited | undefined;
  if (e.player !== undefined) {
    a = awaited.find((x) => x.player === e.player);
    if (!a) return reject(ctx, 'not_in_play', `${e.player} has no play-off lane to play (MG-TIE-1)`);
  } else {
    // Never guessed: the one tied player with a ball in play on that lane, else the only one left.
    const here = awaited.filter((x) => (lane === null || x.need.nextLane === lane) && (course === null || x.need.course === course));
    const inPlay = here.filter((x) => game.playoffBalls[x.player] !== undefined);
    const pick = inPlay.length === 1 ? inPlay : inPlay.length === 0 ? here : [];
    if (pick.length !== 1) return reject(ctx, 'unattributed_stroke', 'cannot tell whose play-off stroke it is: name the player');
    a = pick[0]!;
  }
  if (lane !== null && lane !== a.need.nextLane) return reject(ctx, 'wrong_playoff_lane', `the play-off goes on on lane ${a.need.nextLane} (MG-TIE-1/2)`);
  if (course !== null && course !== a.need.course) return reject(ctx, 'wrong_course', `the play-off is on course ${a.need.course} (MG-TIE-2)`);
  const old = game.playoffBalls[a.player];
  const b: PlayoffBall =
    old && old.lane === a.need.nextLane && old.course === a.need.course
      ? old
      : { category: a.category, lane: a.need.nextLane, course: a.need.course, strokes: 0, ball: 'rest' };
  if (b.ball === 'moving') return reject(ctx, 'ball_moving', 'the ball is still moving');
  if (b.strokes >= strokeCap(game.config)) return reject(ctx, 'cap_reached', `no stroke after the ${strokeCap(game.config)}th (MG-SCORE-2)`);
  setBall(game, a.player, { ...b, strokes: b.strokes + 1, ball: 'moving' });
  game.lastStriker = a.player;
}

export function onPlayoffHole(ctx: Ctx, e: GameEventOf<'hole'>): void {
  const game = ctx.game;
  const lane = parseLane(e.lane);
  const course = courseOfLaneId(game.config, e.lane);
  const moving = Object.entries(game.playoffBalls).filter(
    ([id, b]) => b.ball === 'moving' && b.lane === lane && (course === null || b.course === course) && (e.player === undefined || e.player === id),
  );
  if (moving.length > 1) return reject(ctx, 'ambiguous_hole', `several play-off balls moving on lane ${String(lane)}`);
  const m = moving[0];
  if (!m) return reject(ctx, 'hole_outside_play', `hole on lane ${e.lane} with no play-off ball moving there (MG-STROKE-14)`);
  finish(ctx, m[0], m[1], holedScore(m[1].strokes, game.config));
}

/** `at_rest` / `off_table`: the moving play-off ball stops; after the last allowed stroke the lane scores the max. */
export function onPlayoffRest(ctx: Ctx): void {
  const game = ctx.game;
  for (const [id, b] of Object.entries(game.playoffBalls)) {
    if (b.ball !== 'moving') continue;
    if (b.strokes >= strokeCap(game.config)) finish(ctx, id, b, game.config.max);
    else setBall(game, id, { ...b, ball: 'rest' });
  }
}
