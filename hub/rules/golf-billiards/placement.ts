/**
 * The working record of one stroke's resolution, the ball moves it makes (home, re-spot) and the
 * placement of re-spotted and designated balls (GB-SPOT-1..4, GB-Q5, GB-Q6).
 */
import type { Ctx } from './balls';
import { type Asker, occupiedSpots, pickBall, setBall, spotAfterRepeat } from './balls';
import { ballOwner, other } from './predicates';
import type { Placement } from './questions';
import { occupiedByAnswer, question as q, respotDefault, respotOptions, respotPlacement } from './questions';
import type { Balls, Side, SpotId, Stroke, StrokeRecord } from './state';
import { SPOTS } from './state';

/**
 * A set of sides, in insertion order like a Set. A stroke's resolution makes four; a Set's hash
 * table was a large share of what resolving a stroke allocated, and these hold two sides at most.
 */
export class SideSet {
  /** Made on the first `add`: most of these stay empty. */
  private xs: Side[] | null = null;
  get size(): number {
    return this.xs === null ? 0 : this.xs.length;
  }
  has(s: Side): boolean {
    return this.xs !== null && this.xs.includes(s);
  }
  add(s: Side): void {
    if (this.xs === null) this.xs = [s];
    else if (!this.xs.includes(s)) this.xs.push(s);
  }
  delete(s: Side): void {
    const i = this.xs === null ? -1 : this.xs.indexOf(s);
    if (i >= 0) this.xs!.splice(i, 1);
  }
  clear(): void {
    this.xs = null;
  }
  [Symbol.iterator](): Iterator<Side> {
    return (this.xs ?? []).values();
  }
}

export interface Work {
  balls: Balls;
  rec: StrokeRecord;
  lot: SideSet;
  ownValid: SideSet;
  opponentIn: boolean;
  /** Side -> hub time at which each of its balls went home in this stroke. */
  homeAt: Record<Side, number[]>;
  respot: { ball: string; chooser: Side; played: boolean; infringer: Side }[];
  /** Sides whose played ball is already re-spotted on this stroke (never twice). */
  playedRespotted: SideSet;
  designate: SideSet;
}

export function home(w: Work, id: string, side: Side, t: number): void {
  w.balls = setBall(w.balls, id, { where: 'holed' });
  (w.homeAt[side] ??= []).push(t);
}

export function respotPlayed(ctx: Ctx, w: Work, st: Stroke, side: Side): void {
  if (w.playedRespotted.has(side)) return;
  w.playedRespotted.add(side);
  const label = st.played !== null && ballOwner(ctx.sides, ctx.cfg, st.played) === side ? st.played : side;
  respotLabel(ctx, w, label, other(ctx.sides, side), side, true);
}

export function respotLabel(ctx: Ctx, w: Work, label: string, chooser: Side, infringer: Side, played = false): void {
  const id = pickBall(ctx, w.balls, label, ['table', 'holed']);
  if (id === null) return;
  if (w.balls[id]?.where === 'holed') {
    const g = w.rec.goals.find((x) => x.ball === id && x.valid);
    if (!g) return; // holed earlier in the set: stays home
    g.valid = false;
    g.note += '; annulled: ball re-spotted';
  }
  w.balls = setBall(w.balls, id, { where: 'waiting' });
  w.respot.push({ ball: id, chooser, played, infringer });
}

/**
 * GB-Q5: the opponent points out one of the infringer's balls, which then goes to a re-spot
 * point. The options are the infringer's balls that were on the table when the stroke began:
 * they do not change when a call entered after AT_REST re-resolves the stroke (a ball put back
 * from the lip, a ball off the table), so an answer given at once stays valid and gives the
 * same state as the same answer given later. Balls of one colour are interchangeable, so if
 * the ball named has since left the table, another of that colour still on it is taken.
 */
function designate(ctx: Ctx, st: Stroke, w: Work, asker: Asker, s: Side): void {
  const cands = Object.entries(st.before)
    .filter(([, b]) => b.side === s && b.where === 'table')
    .map(([id]) => id);
  if (cands.length === 0) return;
  const a = asker.ask(
    q(
      `${st.id}:designate-${s}`,
      'golf-billiards.designate',
      `${other(ctx.sides, s)}: point out one of ${s}'s balls to go to a re-spot point.`,
      cands.map((c) => [c, c] as [string, string]),
      cands[0]!,
      'players',
      ['zone-play foul: the opponent designates a ball (GB-Q5)'],
      st.seq,
    ),
  );
  const id = a === null ? null : pickBall(ctx, w.balls, a, ['table']);
  if (id === null) return;
  w.balls = setBall(w.balls, id, { where: 'waiting' });
  w.respot.push({ ball: id, chooser: other(ctx.sides, s), played: false, infringer: s });
}

/**
 * Designations first, then every re-spot of the stroke: the ball goes on the answered point, or
 * waits (counted as `waiting`) until somebody answers. Returns the points faulted from (GB-SPOT-4).
 */
export function placeBalls(ctx: Ctx, st: Stroke, w: Work, asker: Asker, faultedBefore: readonly SpotId[], occupied: readonly SpotId[]): SpotId[] {
  // Most strokes place nothing: skip the bookkeeping below (its closure is made on every call).
  // The points faulted from are then the same as before; nobody changes that array in place.
  if (w.designate.size === 0 && w.respot.length === 0) return faultedBefore as SpotId[];
  for (const s of w.designate) designate(ctx, st, w, asker, s);
  let faulted = [...faultedBefore];
  // Occupancy: `certain` = declared with spot_occupied, given to a ball in this resolution, or told
  // by an answer (4/5 means 1-3 are taken); `believed` adds the engine's memory of balls it placed
  // earlier and the defaults of unanswered re-spots of this stroke. Only `certain` overrides an
  // explicit answer; `believed` shapes the defaults and labels (GB-SPOT-3, GB-Q6).
  let certain: SpotId[] = [...occupied];
  const expected: SpotId[] = [];
  const place = (ball: string, spot: Placement, answer: Placement | null): void => {
    w.balls = setBall(w.balls, ball, { where: 'table', spot });
    const told = answer === null ? [] : occupiedByAnswer(answer);
    certain = [...new Set([...certain, ...told, ...(spot === 'near' ? [] : [spot])])];
  };
  for (const r of w.respot) {
    if (w.balls[r.ball]?.where !== 'waiting') continue;
    const believed = occupiedSpots(w.balls, [...certain, ...expected]);
    if (st.zone && r.played && st.fromSpot !== null && st.fromSpot !== 'near') {
      // GB-SPOT-4: the rule places the ball itself; the players may only correct the point.
      faulted = faulted.includes(st.fromSpot) ? faulted : [...faulted, st.fromSpot];
      const spot = spotAfterRepeat(faulted, believed);
      const free = SPOTS.filter((p) => !faulted.includes(p));
      const a = asker.ask(
        q(
          `${st.id}:repeat-spot-${r.ball}`,
          'golf-billiards.respot_repeat',
          `${r.ball} goes to point ${spot}, the first point from which no faulty stroke was made yet. Is that point free?`,
          [...free.map((p): [string, string] => [p, p === spot ? `Yes, point ${p}` : `No: point ${p}`]), ['near', 'No point free: as close as possible']],
          spot,
          'players',
          [`faulty stroke in zone play from point ${st.fromSpot}`, `points already faulted from: ${faulted.join(', ')}`],
          st.seq,
        ),
      ) as Placement | null;
      const at = a === null ? spot : respotPlacement(a, certain);
      place(r.ball, at, a);
      w.rec.respots.push(`${r.ball} -> point ${at} (GB-SPOT-4: faulty stroke from point ${st.fromSpot})`);
      continue;
    }
    const dflt = respotDefault(believed);
    const a = asker.ask(
      q(
        `${st.id}:respot-${r.ball}`,
        'golf-billiards.respot',
        `${r.chooser} chooses the re-spot point for ${r.ball}: 1, 2 or 3 (4 or 5 only if 1, 2 and 3 are occupied).`,
        respotOptions(believed),
        dflt,
        'players',
        [`${r.ball} must be re-spotted`, believed.length > 0 ? `points that look occupied: ${believed.join(', ')}` : 'no point known to be occupied'],
        st.seq,
      ),
    ) as Placement | null;
    if (a !== null) {
      const spot = respotPlacement(a, certain);
      place(r.ball, spot, a);
      w.rec.respots.push(`${r.ball} -> point ${spot}${spot !== a ? ` (point ${a} occupied)` : ''}`);
    } else {
      if (dflt !== 'near') expected.push(dflt);
      w.rec.respots.push(`${r.ball} waits for a re-spot point`);
    }
  }
  return faulted;
}
