/**
 * Sensor events and the lane-play calls: strokes, holes, rest, out of lane, placements,
 * replays, giving up, manual lane scores. (Taps and ball calls: hand.ts.)
 */
import type { GameEventOf } from '../../../shared/game/events';
import { clockAtStroke, startClock } from './clock';
import { courseOfLaneId, courseOfRound, laneConfig } from './config';
import { givePenalty, num, parseLane, reject, str, type Ctx } from './context';
import { holedScore, isCapReached, isGiveUpPenalised, mayStrike, newPlay, placementProblem, PLACE_KINDS, strokeCap, type PlaceKind } from './lane';
import { currentCourse, currentLane, dueToPlay, groupOf, laneDone, laneHeldBy, markerOf, mutCard, nextStop, toPlay, writeLane } from './round';
import { mutPlayer } from './cow';
import type { LanePlay, Player } from './state';
import { dueOnLane, holeWithoutStroke, SAME_BALL_MS } from './unseen-stroke';

type Ref = GameEventOf<'ref'>;

/**
 * The player of a stroke: named, else the one due in the only group playing the lane (or the
 * course) given. A group waiting at its lane for the group that started it (MG-ORDER-4) is not
 * playing it: a stroke there is the other group's, as the waiting group's would be refused.
 */
function attribute(ctx: Ctx, player: string | undefined, lane: number | null, course: string | null): string | null {
  const game = ctx.game;
  if (player !== undefined) {
    if (!game.players[player]) {
      reject(ctx, 'unknown_player', `no player ${player}`);
      return null;
    }
    return player;
  }
  const live = game.groups.filter((g) => dueToPlay(game, g) !== null);
  const onLane = live.filter((g) => (lane === null || currentLane(g, game.config) === lane) && (course === null || currentCourse(g, game.config) === course));
  if (onLane.length === 1) return toPlay(game, onLane[0]!);
  reject(ctx, 'unattributed_stroke', 'cannot tell whose stroke it is: name the player or the lane');
  return null;
}

function selfEntry(ctx: Ctx, p: Player): boolean {
  const e = ctx.e;
  return e.by === 'player' && (e.who === p.id || e.who === p.name);
}

/** MG-CARD-4 and the cap: after every change to a ball, a lane at its cap is written as the max. */
function capCheck(ctx: Ctx, p: Player): void {
  const play = ctx.game.players[p.id]!.play;
  if (play && isCapReached(play, ctx.game.config)) writeLane(ctx.game, p.id, play.round, play.lane, ctx.game.config.max, 'cap', ctx.seq);
}

/** `tapped`: entered by hand (hand.ts): the previous ball, if still moving for the engine, was seen to stop. */
export function onStrike(ctx: Ctx, e: GameEventOf<'strike'>, tapped = false): void {
  const game = ctx.game;
  const c = game.config;
  if (game.interrupted) return reject(ctx, 'interrupted', 'play is interrupted (MG-INT-4)');
  const course = courseOfLaneId(c, e.lane);
  const id = attribute(ctx, e.player, parseLane(e.lane), course);
  if (id === null) return;
  const p = game.players[id]!;
  if (c.banned.includes(id) && p.status !== 'disqualified') {
    givePenalty(ctx, id, 'D+5', '18.7b', 'MG-PEN-9', 'played despite a ban');
    return reject(ctx, 'banned', `${p.name} is banned (MG-PEN-9(b))`);
  }
  if (p.status === 'disqualified') return reject(ctx, 'disqualified', `${p.name} is disqualified (MG-PEN-10)`);
  if (selfEntry(ctx, p)) return reject(ctx, 'self_scoring', 'players may not enter their own strokes (MG-CARD-3)');
  const g = groupOf(game, id);
  if (!g || g.done || g.waiting || p.status !== 'active') return reject(ctx, 'not_in_play', `${p.name} is not playing a lane now`);
  // MG-CARD-3: a player taps in only the strokes of the player he keeps.
  const marker = markerOf(g.order, id, c);
  const { by, who } = ctx.e; // a tap (hand.ts) passes its own `ref` event
  if (by === 'player' && who !== undefined && marker !== null && who !== marker && who !== game.players[marker]?.name) {
    return reject(ctx, 'not_the_marker', `${p.name}'s strokes are kept by ${marker} (MG-CARD-3)`);
  }
  const cur = currentLane(g, c);
  const target = parseLane(e.lane) ?? cur;
  // MG-ORDER-1 (two-course shotgun): a lane id naming a course must name the course of the lane.
  const onCur = course === null || course === currentCourse(g, c);
  const next = nextStop(g, c);
  let early = false;
  let lane = cur;
  let round = g.round;
  if (target === cur && onCur) {
    if (laneDone(p, g.round, cur)) return reject(ctx, 'lane_finished', `${p.name} has finished lane ${cur}`);
    early = toPlay(game, g) !== id; // MG-ORDER-2 / MG-ORDER-7
  } else if (next && target === next.lane && (course === null || course === courseOfRound(c, next.round)) && laneDone(p, g.round, cur)) {
    early = true; // MG-ORDER-3 (also across the change of course of a two-course shotgun)
    lane = target;
    round = next.round;
  } else if (!onCur) {
    return reject(ctx, 'wrong_course', `${p.name} is on course ${currentCourse(g, c)}, lane ${cur} (MG-ORDER-1)`);
  } else return reject(ctx, 'wrong_lane', `lane ${target} is out of order; ${p.name} is on lane ${cur} (MG-ORDER-1)`);
  if (!early) {
    const busy = laneHeldBy(game, g);
    if (busy) return reject(ctx, 'lane_occupied', `group ${busy.id} is still on lane ${cur} (MG-ORDER-4)`);
  }
  if (tapped && p.play?.ball === 'moving' && p.play.round === round && p.play.lane === lane) {
    stopBall(ctx, p, e.t);
    if (laneDone(game.players[id]!, round, lane)) return reject(ctx, 'cap_reached', `no stroke after the ${strokeCap(c)}th (MG-SCORE-2)`);
  }
  return strike(ctx, mutPlayer(game, id), round, lane, early, e);
}

/** The stroke itself, on this step's own copy of the player (cow.ts). */
function strike(ctx: Ctx, p: Player, round: number, lane: number, early: boolean, e: GameEventOf<'strike'>): void {
  const game = ctx.game;
  const c = game.config;
  const id = p.id;
  const play: LanePlay = p.play && p.play.round === round && p.play.lane === lane ? p.play : newPlay(round, lane);
  if (play.ball === 'moving') return reject(ctx, 'ball_moving', 'the ball is still moving');
  if (!mayStrike(play, c)) return reject(ctx, 'cap_reached', `no stroke after the ${strokeCap(c)}th (MG-SCORE-2)`);
  if (e.ball !== undefined) {
    if (play.ballId !== null && play.ballId !== e.ball) {
      ctx.raise = {
        decision: {
          id: `stroke-${ctx.at}:ball`,
          kind: 'minigolf.ball_change',
          question: `${p.name} started lane ${lane} with ball ${play.ballId} and now plays ${e.ball}. Was the change authorised?`,
          options: [
            { value: 'authorised', label: 'Authorised (damaged or lost ball, MG-BALL-2)' },
            { value: 'unauthorised', label: 'Not authorised: B+2 (MG-PEN-8(d))' },
          ],
          default: null,
          answeredBy: 'referee',
          evidence: [`stroke sensor: ball ${e.ball} on lane ${lane}`, `lane started with ball ${play.ballId}`],
          raisedAt: ctx.at,
        },
        payload: { player: id, ball: e.ball },
      };
    }
    play.ballId = e.ball;
  }
  if (!early) clockAtStroke(ctx, id, e.t); // MG-TIME-1/2: a late stroke is warned (on the same copy of p: cow.ts)
  play.strokes++;
  play.ball = 'moving';
  play.placed = false;
  play.early = early;
  play.lastStroke = ctx.seq;
  play.strokeSeqs = [...play.strokeSeqs, ctx.seq];
  play.lostAt = null;
  play.fromStart = laneConfig(c, lane).startOnly;
  p.play = play;
  game.lastStriker = id;
}

function lanePlayers(ctx: Ctx, lane: number): Player[] {
  const game = ctx.game;
  return Object.values(game.players).filter((p) => p.play !== null && p.play.lane === lane && p.status === 'active');
}

export function onHole(ctx: Ctx, e: GameEventOf<'hole'>): void {
  const game = ctx.game;
  const lane = parseLane(e.lane);
  if (lane === null) return reject(ctx, 'bad_lane', `unknown lane ${e.lane}`);
  const course = courseOfLaneId(game.config, e.lane);
  let cands = lanePlayers(ctx, lane).filter((p) => course === null || courseOfRound(game.config, p.play!.round) === course);
  if (e.player !== undefined) cands = cands.filter((p) => p.id === e.player);
  else if (e.ball !== undefined && cands.some((p) => p.play!.ballId === e.ball)) cands = cands.filter((p) => p.play!.ballId === e.ball);
  const moving = cands.filter((p) => p.play!.ball === 'moving');
  if (moving.length > 1) return reject(ctx, 'ambiguous_hole', `several balls moving on lane ${lane}`);
  const mover = moving[0] ? mutPlayer(game, moving[0].id) : undefined;
  if (mover) {
    const play = mover.play!;
    if (play.early) {
      // MG-ORDER-2/3/7: an early stroke counts but its result does not; the lane is replayed.
      play.ball = 'start';
      play.fromStart = true;
      play.early = false;
      return;
    }
    play.ball = 'holed';
    writeLane(game, mover.id, play.round, play.lane, holedScore(play.strokes, game.config), 'holed', ctx.seq);
    game.holedAt = { ...game.holedAt, [lane]: e.t };
    return;
  }
  const resting = cands.filter((p) => p.play!.strokes > 0 && (p.play!.ball === 'rest' || p.play!.ball === 'out'));
  if (resting.length === 1) {
    const p = resting[0]!;
    // MG-STROKE-13 / MG-EX-7: a ball at rest that drops later was moved by wind (or a stroke was missed).
    ctx.raise = holeWithoutStroke(ctx, p, lane, p.play!.round, `no stroke after the ball came to rest (${p.play!.strokes} strokes)`, 'after-rest');
    return;
  }
  // No ball in play on the lane, and the player due on it has made no stroke there: a ball
  // holed from the start is a stroke the sensor missed (a hole in one), or a ball dropped in by hand.
  // A second signal within SAME_BALL_MS of a holing is that ball bouncing in the cup (MG-HOLE-1):
  // the next player cannot have placed and played his ball so soon.
  const since = Object.hasOwn(game.holedAt, lane) ? e.t - game.holedAt[lane]! : Infinity;
  const due = since >= SAME_BALL_MS ? dueOnLane(ctx, lane, course) : null;
  if (due) {
    ctx.raise = holeWithoutStroke(ctx, due.player, lane, due.round, 'no stroke seen on this lane yet', 'from-start');
    return;
  }
  const holed = Object.values(game.players).some((p) => {
    const g = groupOf(game, p.id);
    return g !== undefined && p.cards[g.round]?.how[lane - 1] === 'holed' && currentLane(g, game.config) === lane;
  });
  if (holed) return reject(ctx, 'already_holed', `the ball on lane ${lane} is already holed and stays holed (MG-HOLE-1, MG-Q2)`);
  reject(ctx, 'hole_outside_play', `hole on lane ${lane} with no ball in play there (MG-STROKE-14)`);
}

/**
 * A moving ball comes to rest at `t`: an early stroke's ball goes back to the start area, the cap is
 * checked, and the player's 60 s for the next stroke start (MG-TIME-2).
 */
export function stopBall(ctx: Ctx, seen: Player, t: number): void {
  if (!seen.play || seen.play.ball !== 'moving') return;
  const p = mutPlayer(ctx.game, seen.id);
  const play = p.play!;
  if (play.early) {
    play.ball = 'start';
    play.fromStart = true;
    play.early = false;
  } else play.ball = 'rest';
  capCheck(ctx, p);
  if (ctx.game.players[p.id]!.play !== null) startClock(ctx.game, p.id, t);
}

export function onAtRest(ctx: Ctx, e: GameEventOf<'at_rest'>): void {
  // A course's lanes come to rest each on its own: a lane's at_rest leaves balls on other lanes rolling.
  const lane = parseLane(e.lane);
  for (const p of Object.values(ctx.game.players)) {
    if (p.play && (lane === null || p.play.lane === lane)) stopBall(ctx, p, e.t);
  }
}

export function onOffTable(ctx: Ctx, e: GameEventOf<'off_table'>): void {
  const lane = parseLane(e.lane);
  const moving = Object.values(ctx.game.players).filter(
    (p) => p.play?.ball === 'moving' && (e.ball === undefined || p.play.ballId === e.ball) && (lane === null || p.play.lane === lane),
  );
  if (moving.length !== 1) return reject(ctx, 'ambiguous_ball', 'cannot tell which ball left the lane');
  const p = mutPlayer(ctx.game, moving[0]!.id);
  // MG-PLACE-2: replaced where it left the lane; leaving the lane adds no stroke.
  p.play!.ball = 'out';
  capCheck(ctx, p);
}

/** The player a call is about: named, or the one who made the last stroke. */
export function callPlayer(ctx: Ctx, e: Ref): Player | null {
  const id = e.player ?? ctx.game.lastStriker;
  const p = id !== null ? ctx.game.players[id] : undefined;
  if (!p) {
    reject(ctx, 'unknown_player', `no player ${id ?? '(none named)'}`);
    return null;
  }
  return p;
}

/**
 * The lane a give-up names that is already written (the lane named, or, with none named and no
 * ball of his in play, the lane he last played if the cap closed it: the call is about that lane,
 * not the next one he has not started), or null when there is a lane to give up.
 */
function closedLaneGivenUp(ctx: Ctx, p: Player, place: string | undefined): { lane: number; how: string } | null {
  const g = groupOf(ctx.game, p.id);
  if (!g || p.play !== null) return null;
  const card = p.cards[g.round];
  const named = place === undefined ? null : parseLane(place);
  const lane = named ?? (card?.entries.at(-1)?.how === 'cap' ? card.entries.at(-1)!.lane : null);
  if (lane === null || !laneDone(p, g.round, lane)) return null;
  return { lane, how: card?.how[lane - 1] ?? 'written' };
}

export function livePlay(ctx: Ctx, p: Player): LanePlay | null {
  if (p.play) return p.play;
  const g = groupOf(ctx.game, p.id);
  if (!g || g.done || g.waiting || p.status !== 'active' || laneDone(p, g.round, currentLane(g, ctx.game.config))) {
    reject(ctx, 'not_in_play', `${p.name} is not playing a lane now`);
    return null;
  }
  p.play = newPlay(g.round, currentLane(g, ctx.game.config));
  return p.play;
}

/**
 * Takes back the result of the last stroke (a hole made with it is void) and sets the ball up
 * for the replay. `keepStroke`: MG-PLACE-11 (wrong stroke counts) vs MG-Q4 (cancelled).
 */
function replayLast(ctx: Ctx, p: Player, keepStroke: boolean, fromStart: boolean, why: string): void {
  const game = ctx.game;
  const g = groupOf(game, p.id);
  if (!p.play && g) {
    const old = p.cards[g.round];
    const last = old?.entries[old.entries.length - 1];
    if (!old || !last || last.how !== 'holed' || currentLane(g, game.config) !== last.lane || game.lastStriker !== p.id) {
      return reject(ctx, 'too_late', 'the lane is finished and play has moved on');
    }
    const card = mutCard(p, g.round)!;
    card.entries = card.entries.slice(0, -1);
    card.lanes[last.lane - 1] = null;
    card.how[last.lane - 1] = null;
    p.play = { ...newPlay(g.round, last.lane), strokes: last.value, ball: 'rest', fromStart: false };
    card.notes = [...card.notes, `lane ${last.lane}: hole void, ${why}`];
  }
  const play = p.play;
  if (!play || play.strokes === 0) return reject(ctx, 'no_stroke', 'no stroke to replay');
  if (play.ball === 'moving') return reject(ctx, 'ball_moving', 'wait until the ball is at rest');
  if (!keepStroke) play.strokes--;
  play.ball = fromStart ? 'start' : 'rest';
  play.fromStart = fromStart || laneConfig(game.config, play.lane).startOnly;
  play.placed = false;
  capCheck(ctx, p);
}

export function onLaneCall(ctx: Ctx, e: Ref): boolean {
  const game = ctx.game;
  const c = game.config;
  switch (e.call) {
    case 'boundary_not_crossed': {
      const p = callPlayer(ctx, e);
      if (!p) return true;
      if (!p.play || p.play.strokes === 0 || p.play.ball === 'moving') return (reject(ctx, 'no_stroke', 'no stroke at rest to judge'), true);
      if (laneConfig(c, p.play.lane).startOnly) return (reject(ctx, 'no_boundary_line', 'this lane has no boundary line (MG-COURSE-7)'), true);
      // MG-PLACE-1: the stroke counts and the next one is played from the start area.
      p.play.fromStart = true;
      p.play.ball = 'start';
      p.play.placed = false;
      return true;
    }
    case 'place': {
      const p = callPlayer(ctx, e);
      if (!p) return true;
      const play = livePlay(ctx, p);
      if (!play) return true;
      const kind = str(e.value);
      if (kind === null || !(PLACE_KINDS as readonly string[]).includes(kind)) return (reject(ctx, 'bad_place', `unknown placement ${String(e.value)}`), true);
      if (play.ball === 'moving') return (reject(ctx, 'ball_moving', 'the ball is still moving'), true);
      const d = e.data ?? {};
      const problem = placementProblem(
        play,
        laneConfig(c, play.lane),
        {
          kind: kind as PlaceKind,
          cm: num(d.cm),
          obstacle: num(d.obstacle),
          touching: typeof d.touching === 'boolean' ? d.touching : null,
        },
        c,
      );
      if (problem !== null) {
        // MG-STROKE-15: the player is warned before the violation; the placement is refused.
        p.warnings = [...p.warnings, { rule: 'MG-STROKE-15', reason: `placement refused: ${problem}`, seq: ctx.seq }];
        return (reject(ctx, problem, `placement ${kind} refused`), true);
      }
      play.placed = true;
      return true;
    }
    case 'wrong_start':
    case 'wrong_placement':
    case 'placed_twice': {
      const p = callPlayer(ctx, e);
      if (p) replayLast(ctx, p, true, e.call === 'wrong_start' || (p.play?.fromStart ?? false), `${e.call}: stroke counts, replayed (MG-PLACE-11)`);
      return true;
    }
    case 'replay_stroke': {
      const p = callPlayer(ctx, e);
      if (p) replayLast(ctx, p, false, false, 'outside influence: stroke cancelled and replayed (MG-STROKE-12, MG-Q4)');
      return true;
    }
    case 'touch': {
      const p = callPlayer(ctx, e);
      if (!p) return true;
      if (e.value === 'accidental') replayLast(ctx, p, false, false, 'accidental touch, not a stroke (MG-STROKE-4)');
      else if (e.value === 'stroke') {
        const play = livePlay(ctx, p);
        if (!play) return true;
        if (!mayStrike(play, c)) return (reject(ctx, 'cap_reached', 'no stroke after the cap (MG-SCORE-2)'), true);
        clockAtStroke(ctx, p.id, e.t);
        play.strokes++;
        play.ball = 'rest';
        play.fromStart = laneConfig(c, play.lane).startOnly;
        game.lastStriker = p.id;
        capCheck(ctx, p);
        if (p.play !== null) startClock(game, p.id, e.t);
      } else reject(ctx, 'bad_value', 'touch needs value "accidental" or "stroke"');
      return true;
    }
    case 'give_up': {
      const p = callPlayer(ctx, e);
      if (!p) return true;
      const closed = closedLaneGivenUp(ctx, p, e.place);
      if (closed !== null) {
        // MG-SCORE-3 (§18.6 e): after the sixth stroke the lane is closed at 7; giving it up changes nothing.
        return (
          reject(ctx, 'lane_finished', `lane ${closed.lane} of ${p.name} is already written (${closed.how}): giving it up changes nothing (MG-SCORE-3)`),
          true
        );
      }
      const named = e.place === undefined ? null : parseLane(e.place);
      if (named !== null && p.play !== null && p.play.lane !== named)
        return (reject(ctx, 'wrong_lane', `${p.name} is playing lane ${p.play.lane}, not lane ${named}`), true);
      const play = livePlay(ctx, p);
      if (!play) return true;
      if (play.ball === 'moving') return (reject(ctx, 'ball_moving', 'the ball is still moving'), true);
      if (named !== null && play.lane !== named) return (reject(ctx, 'wrong_lane', `lane ${named} is not ${p.name}'s lane to give up`), true);
      const strokes = play.strokes;
      writeLane(game, p.id, play.round, play.lane, c.max, 'gave_up', ctx.seq);
      if (isGiveUpPenalised(strokes, c)) givePenalty(ctx, p.id, 'B+2', '18.6e', 'MG-SCORE-3', `gave up lane ${play.lane} after ${strokes} strokes`);
      return true;
    }
    case 'score': {
      const p = callPlayer(ctx, e);
      if (!p) return true;
      if (selfEntry(ctx, p) || e.who === p.id || e.who === p.name) return (reject(ctx, 'self_scoring', 'players may not score themselves (MG-CARD-3)'), true);
      const g = groupOf(game, p.id);
      const v = num(e.value);
      if (!g || g.done || g.waiting) return (reject(ctx, 'not_in_play', `${p.name} is not playing a lane now`), true);
      const lane = parseLane(e.place) ?? currentLane(g, c);
      const course = courseOfLaneId(c, e.place);
      const wrong = course !== null && course !== currentCourse(g, c);
      // MG-CARD-1: entries are in ink: a written score is changed only by `correct`, which keeps it legible.
      if (!wrong && laneDone(p, g.round, lane))
        return (reject(ctx, 'already_entered', `lane ${lane} of ${p.name} is written; use correct (MG-CARD-1, MG-CARD-6)`), true);
      // MG-CARD-11 (seed 003 §10.11): a handed-in card with a lane left empty keeps its later lanes
      // (the empty one gets 7 when the cards are submitted), so the scorer or referee entering it
      // may write a later lane of the round; a marker at the table writes the lane in play.
      const fromCard = e.by === 'scorer' || e.by === 'referee';
      const now = currentLane(g, c);
      if (wrong || (lane !== now && !(fromCard && lane > now && lane <= c.lanes)))
        return (reject(ctx, 'wrong_lane', `lane ${e.place ?? lane} is not ${p.name}'s lane to score`), true);
      // MG-CARD-3: a player enters only the scores of the player he keeps.
      const marker = markerOf(g.order, p.id, c);
      if (e.by === 'player' && marker !== null && e.who !== undefined && e.who !== marker && e.who !== game.players[marker]?.name) {
        return (reject(ctx, 'not_the_marker', `${p.name}'s score is kept by ${marker} (MG-CARD-3)`), true);
      }
      if (v === null || !Number.isInteger(v) || v < 1 || v > c.max) return (reject(ctx, 'bad_score', `a lane score is 1..${c.max}`), true);
      writeLane(game, p.id, g.round, lane, v, 'manual', ctx.seq, e.who ?? null);
      return true;
    }
    default:
      return false;
  }
}
