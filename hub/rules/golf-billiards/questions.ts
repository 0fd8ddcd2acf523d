/**
 * The defaults of the questions a self-scoring table must never wait on (opening, first-drop tie)
 * and the re-spot placement rules (GB-SPOT-2/3, GB-Q6). Pure functions, unit-tested.
 */
import type { PendingDecision } from '../../../shared/game/engine';
import type { Mode } from './config';
import { other } from './predicates';
import type { Side, SpotId } from './state';
import { SPOTS } from './state';

export type Placement = SpotId | 'near';

/** Answer of the opening question meaning "nobody can tell: the opening stroke is played again". */
export const REPEAT_OPENING = 'repeat';

export function question(
  id: string,
  kind: string,
  text: string,
  options: readonly (readonly [string, string])[],
  dflt: string | null,
  by: 'referee' | 'players',
  evidence: string[],
  at: number,
  /** What the question's probability is conditioned on (PendingDecision.basis): the base rates' key. */
  basis?: string,
): PendingDecision {
  const opts = sharedOptions.get(options) ?? options.map(([value, label]) => ({ value, label }));
  // Two literals, not `...(basis !== undefined ? { basis } : {})`: that spread made two objects
  // per question, and a field added afterwards would sit outside the object.
  if (basis === undefined) return { id, kind, question: text, options: opts, default: dflt, answeredBy: by, evidence, raisedAt: at };
  return { id, kind, question: text, options: opts, default: dflt, answeredBy: by, evidence, raisedAt: at, basis };
}

/**
 * GB-DBL-4 / GB-Q7: the default of the opening question ("who stopped closest to the goal", or
 * "both scored: who continues"). Referee mode: none, the referee must say (the rules give him the
 * judgement and he is at the table). Self mode:
 * - both sides scored validly: the side whose first valid goal dropped first (the seed's own
 *   order for goals on one stroke, GB-END-4: "the one whose ball dropped first");
 * - otherwise nobody can tell from the sensors who was closest: as in a tied lag, the opening is
 *   played again (`repeat`). The goals and re-spots of the stroke stand; the next stroke is again
 *   an opening stroke, so a table whose players just play on keeps scoring correctly and the
 *   first side to score alone keeps the turn.
 * `firstGoalAt` maps each side that scored validly to the hub time of its first valid goal.
 */
export function openingDefault(mode: Mode, sides: readonly [Side, Side], firstGoalAt: Readonly<Record<Side, number>>): Side | typeof REPEAT_OPENING | null {
  if (mode !== 'self') return null;
  const [a, b] = sides;
  const ta = firstGoalAt[a];
  const tb = firstGoalAt[b];
  if (ta !== undefined && tb !== undefined && ta !== tb) return ta < tb ? a : b;
  return REPEAT_OPENING;
}

/**
 * The options of questions asked over and over (the opening question, after every opening stroke
 * nobody scores from): made once, frozen, and shared by those questions, which stay in the state
 * (and the report) while open. Keyed by the option pairs `question` is given.
 */
const sharedOptions = new WeakMap<object, PendingDecision['options']>();

function share(pairs: readonly (readonly [string, string])[]): readonly (readonly [string, string])[] {
  sharedOptions.set(pairs, Object.freeze(pairs.map(([value, label]) => Object.freeze({ value, label }))) as PendingDecision['options']);
  return pairs;
}

const openingOptionsOf = new WeakMap<readonly [Side, Side], readonly (readonly [string, string])[]>();

export function openingOptions(sides: readonly [Side, Side]): readonly (readonly [string, string])[] {
  let o = openingOptionsOf.get(sides);
  if (o === undefined) {
    o = share([
      ...sides.map((s): [string, string] => [s, `${s} keeps the turn`]),
      [REPEAT_OPENING, 'Cannot tell / same distance: play the opening stroke again'],
    ]);
    openingOptionsOf.set(sides, o);
  }
  return o;
}

/**
 * GB-END-4 with identical goal times (a dead heat the sensors cannot separate). The seed gives no
 * order for it. Its nearest rule is GB-FOUL-5: when the striker's one stroke finishes both sides
 * and no drop order exists (the opponent's last ball went off the table), the striker loses the
 * set. So the self-scoring default is the side that did NOT strike. Referee mode: none, the
 * referee decides the photo finish (digest GB-END-4).
 */
export function firstDropDefault(mode: Mode, sides: readonly [Side, Side], striker: Side): Side | null {
  return mode === 'self' ? other(sides, striker) : null;
}

/** The default re-spot point: the first of 1, 2, 3, then 4, 5, not believed occupied; else near. */
export function respotDefault(believed: readonly SpotId[]): Placement {
  return SPOTS.find((p) => !believed.includes(p)) ?? 'near';
}

/**
 * Where the ball goes for an explicit answer. The answer is trusted (the people at the table see
 * the points); only a point that is certainly taken (declared with `spot_occupied`, or given to
 * another ball in this same resolution) sends it on to 4, then 5, then near (GB-SPOT-3, GB-Q6).
 */
export function respotPlacement(answer: Placement, certain: readonly SpotId[]): Placement {
  if (answer === 'near' || !certain.includes(answer)) return answer;
  for (const p of ['4', '5'] as const) if (!certain.includes(p)) return p;
  return 'near';
}

/**
 * What an answer tells about the other points (seed: 4 or 5 only when the ball cannot go on 1, 2
 * or 3 because of other balls; near only when 1-5 are all taken). Used for the next re-spots of
 * the same stroke.
 */
export function occupiedByAnswer(answer: Placement): SpotId[] {
  if (answer === 'near') return [...SPOTS];
  if (answer === '4' || answer === '5') return ['1', '2', '3'];
  return [];
}

export function respotOptions(believed: readonly SpotId[]): [string, string][] {
  const mark = (p: SpotId) => (believed.includes(p) ? ' (looks occupied)' : '');
  return [
    ...(['1', '2', '3'] as const).map((p): [string, string] => [p, `Point ${p}${mark(p)}`]),
    ...(['4', '5'] as const).map((p): [string, string] => [p, `Point ${p}, as 1, 2 and 3 are all taken${mark(p)}`]),
    ['near', 'All points occupied: as close as possible'],
  ];
}
