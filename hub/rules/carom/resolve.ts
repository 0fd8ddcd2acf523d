/**
 * Shot resolution when all balls are at rest: fouls, the game's scoring rule, pending decisions
 * for what the sensors could not tell, then points, the end of the inning and spotting.
 */
import type { GameEvent } from '../../../shared/game/events';
import type { PendingDecision } from '../../../shared/game/engine';
import { ballsOf } from './config';
import { foulDef, isTurnOver, spotOffTable } from './general';
import { addPoints, closeInning, endInning, restoreAfterFoul } from './match';
import { cushionsOf, labelOf, missCallFor, outcomeOf, pointsOf, possibleOutcomes, type ShotContext } from './outcome';
import { offTableBalls, shotSequence } from './shot';
import {
  type Live,
  type FoulRec,
  type ShotRec,
  type ShotResult,
  type SettledDecision,
  type AnswerRec,
  answerTo,
  hasAnswers,
  closed,
  draft,
  editPlayer,
  findPlayer,
  mapPlayer,
  playerAt,
  edit,
} from './state';
import { type LiveDecision, type ShotDecision, decisionId } from './evidence';
import { push, pushAll } from '../common/plist';
import { pictureOf, readingEvents, trackOf, trackedOutcomes } from './tracked';

/** No fouls called during the shot (shared; never changed). */
const NO_FOULS: readonly FoulRec[] = Object.freeze([]);

export function kindPrefix(s: Live): string {
  return s.game === 'three-cushion' ? 'c3' : s.game === 'three-ball' ? 'c3b' : 'c4';
}

/*
 * The point question's default is the reading that credits nothing unseen and takes nothing away
 * on what was not seen: cushions without a ball count for no ball; contacts without both balls
 * are kept, as contacts of no known ball. They credit nothing (the scoring predicates match named
 * balls only, shot.ts), but they tell that the cue ball touched a ball, so 4-ball's default is
 * never `none` once a contact was heard (C4-ERASE-1, outcome.ts `outcomeOf`): the inning is not
 * erased on what no sensor saw. The predicates skip a cushion of no ball by themselves (it is
 * never the cue ball's), so `judge` reads the shot's events as they are.
 */

type Question = LiveDecision & { default: string };

const NO_QUESTIONS: readonly Question[] = Object.freeze([]);

/**
 * The options of a point question, one shared array per list of outcomes: every uncertain shot
 * of a match asks one and keeps it while open, so equal lists are one object, not thousands.
 * Nothing mutates a state's decisions.
 */
const optionLists = new Map<string, { outcomes: readonly string[]; options: PendingDecision['options'] }[]>();

/** By the first outcome, then compared item by item: no key text built per shot to find a list. */
function optionsFor(outcomes: readonly string[]): PendingDecision['options'] {
  const first = outcomes[0] ?? '';
  let bucket = optionLists.get(first);
  if (!bucket) {
    bucket = [];
    optionLists.set(first, bucket);
  }
  for (let i = 0; i < bucket.length; i++) if (sameList(bucket[i]!.outcomes, outcomes)) return bucket[i]!.options;
  const options = outcomes.map((value) => ({ value, label: labelOf(value) }));
  bucket.push({ outcomes: outcomes.slice(), options });
  return options;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** `${kindPrefix(s)}.point`, one string per game. */
const POINT_KIND: Record<Live['game'], string> = { 'three-cushion': 'c3.point', 'three-ball': 'c3b.point', 'four-ball': 'c4.point' };
const WRONG_BALL = 'carom.wrong_ball';
/** The wrong-ball answer "pointed out during the stroke" (CEB: the stroke's point is void). */
const FOUL_DURING = 'foul_during';
const IN_MOTION = 'carom.balls_in_motion';

/** `fallback`: the outcome of the identified events alone (see above), the point question's default. */
function shotQuestions(
  s: Live,
  shot: ShotRec,
  sensorEvents: readonly GameEvent[],
  fallback: string,
  ctx: ShotContext,
  raisedAt: number,
  tracked?: readonly { outcome: string; probability: number }[],
): readonly Question[] {
  let outcomes = possibleOutcomes(sensorEvents, ballsOf(s.game, s.config), ctx);
  // A tracked shot: the readings' outcomes are options too (the tracker may name what the unnamed events could not).
  if (tracked) for (const t of tracked) if (!outcomes.includes(t.outcome)) outcomes = [...outcomes, t.outcome];
  // A wrong ball the referee already called during the stroke is that one fact: no second foul asked.
  const wrongBall = shot.struck !== undefined && shot.struck !== shot.cue && !shot.fouls.some((f) => f.code === 'wrong_ball');
  const motion = motionIndex(shot) >= 0;
  // Most shots ask nothing: no list and no name looked up for them.
  if (outcomes.length <= 1 && !wrongBall && !motion) return NO_QUESTIONS;
  // A list of the size it ends with (one question, most often): an empty list grew a store of 17.
  const qs = new Array<Question>((outcomes.length > 1 ? 1 : 0) + (wrongBall ? 1 : 0) + (motion ? 1 : 0));
  let n = 0;
  const who = findPlayer(s, shot.player)?.name ?? shot.player;
  if (outcomes.length > 1) {
    // Kept as the shot, its id, question and evidence written when read (evidence.ts ShotDecision).
    const q: ShotDecision & { default: string } = {
      kind: POINT_KIND[s.game],
      options: optionsFor(outcomes),
      default: fallback,
      answeredBy: 'referee',
      raisedAt,
      cue: ctx.cue,
      events: shot.events,
      who,
      shot: shot.no,
    };
    // The tracker's probability of its outcome (tracked.ts): the hub decides alone at the venue's certainty.
    if (tracked) q.probability = tracked[0]!.probability;
    qs[n++] = q;
  }
  if (wrongBall) {
    qs[n++] = {
      id: `shot-${shot.no}:wrong_ball`,
      kind: WRONG_BALL,
      question: `${who} struck ${shot.struck}, not his cue ball ${shot.cue}: wrong-ball foul?`,
      // CEB: a point made before the wrong ball is pointed out stands (C3-FOUL-6, C3-NC-1), so
      // the answer says when it was: during the stroke, this stroke's point is void too.
      options:
        s.config.ruleset === 'ceb-004'
          ? [
              { value: 'foul', label: 'Foul: wrong ball, pointed out after the stroke (its point stands)' },
              { value: FOUL_DURING, label: 'Foul: wrong ball, pointed out during the stroke (no point)' },
              { value: 'no_foul', label: 'No foul (he plays that ball)' },
            ]
          : [
              { value: 'foul', label: 'Foul: wrong ball' },
              { value: 'no_foul', label: 'No foul (he plays that ball)' },
            ],
      default: 'foul',
      answeredBy: 'referee',
      evidence: [`the strike sensor named ${shot.struck}`, `${who}'s cue ball this inning is ${shot.cue}`],
      raisedAt,
    };
  }
  if (motion) {
    qs[n++] = {
      id: `shot-${shot.no}:in_motion`,
      kind: IN_MOTION,
      question: `Were the balls still moving when ${who} struck (shot ${shot.no})?`,
      options: [
        { value: 'foul', label: 'Yes: foul "balls in motion"' },
        { value: 'no_foul', label: 'No: the balls were at rest' },
      ],
      default: 'foul',
      answeredBy: 'referee',
      evidence: ['a strike came before the previous shot was reported at rest'],
      raisedAt,
    };
  }
  return qs;
}

/** Index of a strike that came while the shot was under way (CG-FOUL-2 evidence); -1 if none. */
export function motionIndex(shot: ShotRec): number {
  const events = shot.events;
  for (let i = 1; i < events.length; i++) if (events[i]!.type === 'strike') return i;
  return -1;
}

/**
 * Resolve the shot in progress at `e` (its at_rest). A strike inside the shot asks whether the
 * balls were still moving: "foul" judges it as one fouled shot; "no_foul" means the at_rest was
 * missed, so the shot is split at that strike and the two parts are judged in turn.
 */
export function resolveShot(s0: Live, e: GameEvent): Live {
  const shot = s0.shot;
  if (!shot) return s0;
  const m = motionIndex(shot);
  const motion = m >= 0 ? answerTo(s0.answers, `shot-${shot.no}:in_motion`) : undefined;
  if (motion?.answer === 'no_foul') {
    const settled: SettledDecision = { id: `shot-${shot.no}:in_motion`, kind: 'carom.balls_in_motion', raisedAt: e.seq ?? -1, ...motion };
    const s1: Live = edit(s0, { decisions: push(s0.decisions, settled), shot: { ...shot, events: shot.events.slice(0, m) } });
    const first = judge(s1, e);
    if (first.status !== 'playing' || first.turn === null) return first;
    const second = shot.events.slice(m);
    const strike = second[0]!;
    const next: ShotRec = {
      no: first.shots + 1,
      player: first.order[first.turn]!,
      cue: first.cue!,
      struck: strike.type === 'strike' ? strike.ball : undefined,
      events: second,
      fouls: [],
      startSeq: strike.seq,
    };
    return resolveShot(edit(first, { shot: next, shots: first.shots + 1 }), e);
  }
  return judge(s0, e);
}

/**
 * The answer (or default) of the shot's question of `kind`; `fallback` when it was not asked.
 * By kind, not by id: a shot asks each kind at most once, under the id `shot-<no>:<suffix>`, so
 * the kind names the same question without building an id string per question per shot.
 */
function answerOf(questions: readonly Question[], answers: Live['answers'], kind: string, fallback: string): string {
  // Indexed: a for-of over the shared empty list (frozen) allocated an iterator per call.
  for (let i = 0; i < questions.length; i++) {
    const q = questions[i]!;
    if (q.kind === kind) return answerFor(answers, q)?.answer ?? q.default;
  }
  return fallback;
}

/** The answer given to `q`, if any: its id is written only when some decision was answered. */
function answerFor(answers: Live['answers'], q: Question): AnswerRec | undefined {
  return hasAnswers(answers) ? answerTo(answers, decisionId(q)) : undefined;
}

/** The `: "<call>"` end of each miss note, one string per call. */
const MISS_NOTE_ENDS = new Map<string, string>();

/**
 * `shot <no>: "<call>"`, kept for the whole match (one per missed shot under CEB): "shot <no>" is
 * short enough for V8 to copy into one flat string, joined to a shared end, so the note is two
 * small heap objects, not a rope of five (text.ts), and costs no `join` per shot.
 */
function missNote(no: number, call: string): string {
  let end = MISS_NOTE_ENDS.get(call);
  if (end === undefined) {
    end = `: "${call}"`;
    MISS_NOTE_ENDS.set(call, end);
  }
  return 'shot ' + no + end;
}

function foulAt(e: GameEvent, player: string, inning: number, code: string): FoulRec {
  return { seq: e.seq, t: e.t, player, code, inning, intentional: false, who: undefined };
}

// Helpers are module functions rather than closures in `judge`: tsx (esbuild keepNames) wraps
// every named closure in a `__name` call, an Object.defineProperty per shot.
/**
 * CG-FOUL-4 (seed 002, "Rakibin sırasında vuruş yapılamaz": no stroke in the opponent's turn): the
 * striker named by the strike is not the player at the table. Whatever the balls did, nobody scores;
 * under salon rules it is the striker's foul; the player at the table keeps it, his inning and
 * run going on. Under CEB (no such foul in seed 004) the stroke only does not count.
 */
function strokeOutOfTurn(s0: Live, shot: ShotRec, keeper: string, e: GameEvent): Live {
  const striker = findPlayer(s0, shot.player)!;
  const inning = closed(striker);
  const foul = foulDef('opponents_turn')!.rulesets.includes(s0.config.ruleset);
  const fouls = foul ? [foulAt(e, striker.id, inning + 1, 'opponents_turn')] : [];
  const lastShot: ShotResult = {
    no: shot.no,
    player: striker.id,
    cue: shot.struck ?? shot.cue,
    outcome: 'foul',
    points: 0,
    fouls: fouls.map((f) => f.code),
    cushions: null,
    inning,
    sequence: shotSequence(shot.events),
  };
  const note = `shot ${shot.no}: ${striker.id} struck in ${keeper}'s turn (CG-FOUL-4): no point${foul ? ', a foul of ' + striker.id : ''}; ${keeper} keeps the table`;
  const s = edit(s0, { shot: null, lastShot, fouls: pushAll(s0.fouls, fouls), notes: push(s0.notes, note), restoreOption: null });
  return foul ? edit(s, { players: mapPlayer(s.players, striker.id, (p) => editPlayer(p, { fouls: p.fouls + 1 })) }) : s;
}

function judge(s0: Live, e: GameEvent): Live {
  const shot = s0.shot!;
  if (shot.outOfTurn !== undefined) return strokeOutOfTurn(s0, shot, shot.outOfTurn, e);
  const raisedAt = e.seq ?? -1;
  const cue = shot.struck ?? shot.cue;
  const ctx: ShotContext = { game: s0.game, config: s0.config, cue, opening: s0.opening };
  // The shot's own events, strikes and cushions of no known ball included: the scoring predicates
  // read only contacts and the cue ball's cushions (shot.ts, outcome.ts), so these give the
  // outcome of the sensor events and of the identified ones (see above) without two filtered
  // copies of the shot per shot.
  // A shot the hub's tracker read is judged on its first reading's named events (tracked.ts).
  const track = trackOf(shot.events);
  const events = track ? readingEvents(shot.events, track.readings[0]!) : shot.events;
  const tracked = track ? trackedOutcomes(shot.events, track, ctx) : undefined;
  const knownOutcome = tracked ? tracked[0]!.outcome : outcomeOf(events, ctx);
  const questions = shotQuestions(s0, shot, shot.events, knownOutcome, ctx, raisedAt, tracked);
  const answers = s0.answers;
  let pending = s0.pending;
  let decisions = s0.decisions;
  for (let i = 0; i < questions.length; i++) {
    const q = questions[i]!;
    const a = answerFor(answers, q);
    if (a) decisions = push(decisions, { id: decisionId(q), kind: q.kind, raisedAt: q.raisedAt, ...a });
    else pending = push(pending, q);
  }

  const outcome = answerOf(questions, answers, POINT_KIND[s0.game], knownOutcome);
  const manualOut = shot.fouls.length === 0 ? NO_FOULS : shot.fouls.filter((f) => f.code === 'out');
  const offTable = offTableBalls(events);
  const out = manualOut.length === 0 ? offTable : [...offTable, ...manualOut.map((f) => f.ball ?? '?')];
  const fouls: FoulRec[] = shot.fouls.length === 0 ? [] : [...shot.fouls];
  const at = playerAt(s0);
  const inning = at ? closed(at) : 0;
  if (offTable.length > 0 && manualOut.length === 0) fouls.push(foulAt(e, shot.player, inning + 1, 'out'));
  // Wrong ball seen by the strike sensor, confirmed: salon voids the point (CG-FOUL-6); CEB ends
  // the inning but a point made before it was pointed out stands (C3-FOUL-6 + C3-NC-1).
  const wrongAnswer = answerOf(questions, answers, WRONG_BALL, 'no_foul');
  const wrongBall = wrongAnswer === 'foul' || wrongAnswer === FOUL_DURING;
  const wrongBallVoids = wrongBall && (s0.config.ruleset === 'salon-002' || wrongAnswer === FOUL_DURING);
  if (wrongBallVoids) fouls.push(foulAt(e, shot.player, inning + 1, 'wrong_ball'));
  if (answerOf(questions, answers, IN_MOTION, 'no_foul') === 'foul') fouls.push(foulAt(e, shot.player, inning + 1, 'balls_in_motion'));
  const codes = fouls.map((f) => f.code);
  const value = codes.length > 0 ? 0 : pointsOf(outcome);
  const result: ShotResult = {
    no: shot.no,
    player: shot.player,
    cue,
    outcome: codes.length > 0 ? 'foul' : outcome,
    points: value,
    fouls: codes,
    cushions: cushionsOf(events, ctx),
    inning,
    sequence: shotSequence(events),
    ...(track ? { picture: pictureOf(track, tracked![0]!.probability) } : {}),
  };
  const scoring = !isTurnOver(result);
  // The shot's changes are written into one copy of the state, with the end of the inning's when
  // it ends (match.ts closeInning): the state has 31 fields, and a copy per change, then a patch
  // object per shot, were a good part of a shot's cost.
  const next = draft(s0);
  next.shot = null;
  next.pending = pending;
  next.decisions = decisions;
  next.lastShot = result;
  next.fouls = fouls.length === 0 ? s0.fouls : pushAll(s0.fouls, fouls);
  next.restoreOption = null;
  let players = s0.players;
  if (fouls.length > 0) players = mapPlayer(players, shot.player, (p) => editPlayer(p, { fouls: p.fouls + fouls.length }));
  if (s0.game === 'three-cushion' && s0.config.ruleset === 'ceb-004' && codes.length === 0 && value === 0) {
    // missCall(events, ctx), from the cushions already counted
    const call = result.cushions === null ? null : missCallFor(result.cushions);
    if (call) next.notes = push(s0.notes, missNote(shot.no, call));
  }

  const wrongBallStands = wrongBall && !wrongBallVoids;
  if (wrongBallStands) {
    next.fouls = push(next.fouls, foulAt(e, shot.player, inning + 1, 'wrong_ball'));
    next.lastShot = { ...result, fouls: [...codes, 'wrong_ball'] };
    players = mapPlayer(players, shot.player, (p) => editPlayer(p, { fouls: p.fouls + 1 }));
  }
  if (scoring) {
    next.players = players;
    next.shotsInInning = s0.shotsInInning + 1;
    next.opening = false;
    const s = addPoints(next, value);
    // CEB wrong ball pointed out after a scoring shot: the point stands, the inning ends.
    if (!wrongBallStands || s.status !== 'playing') return s;
    const ended = endInning(s);
    return edit(ended, { restoreOption: restoreAfterFoul(ended, [foulAt(e, shot.player, inning + 1, 'wrong_ball')]) });
  }
  // C4-ERASE-1: a shot touching no ball erases the inning (even with a foul; a ball off the table
  // does not itself erase, C4-OUT-1).
  if (s0.game === 'four-ball' && outcome === 'none') {
    players = mapPlayer(players, shot.player, (p) => editPlayer(p, { erased: p.erased + (p.current ?? 0), current: 0 }));
  }
  next.players = players;
  let s = closeInning(s0, next);
  if (out.length > 0 && s.status === 'playing') {
    s = edit(s, { spotting: spotOffTable(s.game, s.config.ruleset, s.config.balls, out, s.cue ?? s.config.balls.white) });
    if (s.config.ruleset === 'salon-002' && s.game !== 'four-ball') {
      s = edit(s, { restoreOption: { player: null, reason: 'CG-OUT-2: the referee may put the balls back where they were' } });
    }
  }
  const afterFoul = restoreAfterFoul(s, fouls);
  if (afterFoul) s = edit(s, { restoreOption: afterFoul });
  return s;
}
