/**
 * The end of a stroke's resolution (resolve.ts): re-spots and designations, the set's end (first
 * drop), the turn and the opening question, and the core the stroke leaves.
 */
import type { Asker, Ctx } from './balls';
import { firstDrop, isTurnOver, left, other } from './predicates';
import type { LiveCore, Side, Stroke } from './state';
import { push, pushAll } from '../common/plist';
import { endSet } from './sets';
import { type Work, placeBalls } from './placement';
import { REPEAT_OPENING, firstDropDefault, openingDefault, openingOptions, question as q } from './questions';
import { copyCore, copySet } from './shapes';

/** The opening question's basis: the same few strings for every stroke, not a new one each. */
const SCORERS: readonly string[] = ['scorers=0', 'scorers=1', 'scorers=2'];

export function finish(ctx: Ctx, core: LiveCore, st: Stroke, w: Work, asker: Asker, loseSet: boolean): LiveCore {
  const { sides } = ctx;
  // Re-spots (GB-SPOT-1..4) and designations (GB-Q5).
  const faultedSpots = placeBalls(ctx, st, w, asker, core.set.faultedSpots, core.set.occupied);
  // A fresh copy, changed below before it is returned (shapes.ts).
  const set = copySet(core.set);
  set.strokes = core.set.strokes + 1;
  set.balls = w.balls;
  set.faultedSpots = faultedSpots;
  set.occupied = [];
  // Balls left per side, counted once: the set end, the turn and zone play all read them.
  const left0 = left(w.balls, sides[0]);
  const left1 = left(w.balls, sides[1]);
  const zonePlay = left0 <= 1 || left1 <= 1; // isZonePlay (GB-ZONE-2)
  // Set end (GB-END-1..4, GB-FOUL-5).
  const s = st.side;
  const o = other(sides, s);
  let winner: Side | null = null;
  let how = '';
  if (loseSet) {
    winner = o;
    how = 'GB-FOUL-5: opponent ball off the table with a valid goal at 1-1';
  } else if (left0 === 0 || left1 === 0) {
    const done = sides.filter((x, i) => (i === 0 ? left0 : left1) === 0);
    if (done.length === 1) {
      winner = done[0]!;
      how = winner === s || st.opening ? 'GB-END-3: all five balls home' : 'GB-END-3: last ball put in by the opponent (GB-SCORE-2)';
    }
    if (done.length === 2) {
      const times: Record<Side, number> = {};
      for (const x of sides) times[x] = Math.max(...(w.homeAt[x] ?? [Number.NEGATIVE_INFINITY]));
      winner = firstDrop(times);
      how = 'GB-END-4: first drop wins';
      if (winner === null) {
        // Dead heat: self mode applies the default (the side that did not strike) until answered.
        const dflt = firstDropDefault(ctx.cfg.mode, sides, s);
        const a = asker.ask(
          q(
            `${st.id}:first-drop`,
            'golf-billiards.first_drop',
            'Both last balls dropped at the same recorded time: whose last ball dropped first?',
            sides.map((x) => [x, x === s ? `${x} (struck)` : x] as [string, string]),
            dflt,
            ctx.cfg.mode === 'self' ? 'players' : 'referee',
            [
              `goal times ${JSON.stringify(times)}`,
              ...(dflt !== null ? [`if nobody answers: ${dflt}, the side that did not strike (nearest seed rule: GB-FOUL-5)`] : []),
            ],
            st.seq,
          ),
        );
        if (a !== null) {
          winner = a;
          how = 'GB-END-4: first drop (decided)';
        } else if (dflt !== null) {
          winner = dflt;
          how = 'GB-END-4: identical drop times, default until answered: the side that did not strike';
        }
      }
    }
  }
  if (winner === null && (left0 === 0 || left1 === 0)) {
    w.rec.next = null;
    set.phase = 'awaiting';
    set.turn = null;
    return settled(core, set, w, asker);
  }
  if (winner !== null) {
    w.rec.setEnd = { winner, how };
    return endSet(ctx, settled(core, set, w, asker), winner, how);
  }
  // Turn (GB-TURN-1/2, GB-Q4, GB-Q7 for the opening).
  let next: Side | null;
  if (st.opening) {
    // The openers without a loss of turn (`ok`) and those of them that scored (`scorers`), counted
    // with their first: two arrays per opening stroke were most of what it allocated.
    let ok = 0;
    let ok0: Side | null = null;
    let scorers = 0;
    let scorer0: Side | null = null;
    for (const x of st.openers) {
      if (w.lot.has(x)) continue;
      if (ok++ === 0) ok0 = x;
      if (w.ownValid.has(x) && scorers++ === 0) scorer0 = x;
    }
    if (ok === 1) next = ok0!;
    else if (scorers === 1) next = scorer0!;
    else {
      const firstGoalAt: Record<Side, number> = {};
      for (const g of w.rec.goals) {
        const c = g.credited;
        // c is one of the scorers
        if (g.valid && c !== null && !w.lot.has(c) && w.ownValid.has(c) && st.openers.includes(c)) firstGoalAt[c] = Math.min(firstGoalAt[c] ?? g.t, g.t);
      }
      const dflt = openingDefault(ctx.cfg.mode, sides, firstGoalAt);
      const a = asker.ask(
        q(
          `${st.id}:opening`,
          'golf-billiards.opening',
          scorers === 2
            ? 'Both sides scored with the opening stroke: who continues?'
            : 'Whose opening ball stopped closest to the goal? That side keeps the turn.',
          openingOptions(sides),
          dflt,
          ctx.cfg.mode === 'self' ? 'players' : 'referee',
          openingEvidence(scorers === 2 ? `first valid goals at ${JSON.stringify(firstGoalAt)}` : NOT_SENSED, dflt),
          st.seq,
          // Distance to the goal is not sensed: who scored is all the evidence.
          SCORERS[scorers] ?? `scorers=${scorers}`,
        ),
      );
      const choice = a ?? dflt;
      if (choice === REPEAT_OPENING) {
        // Nobody can tell: the next stroke is again an opening stroke, by the same openers.
        w.rec.next = null;
        set.phase = 'opening';
        set.turn = null;
        set.zone = set.zone || zonePlay;
        return settled(core, set, w, asker);
      }
      next = choice;
    }
  } else {
    const keep = !isTurnOver(w.ownValid.has(s), w.opponentIn, w.lot.has(s), ctx.cfg.mixedGoalKeepsTurn);
    w.rec.keepsTurn = keep;
    next = keep ? s : o;
  }
  w.rec.next = next;
  const pointer = advancePointers(ctx, set, st, next);
  set.zone = set.zone || zonePlay;
  set.turn = next;
  set.phase = next === null ? 'awaiting' : 'play';
  set.pointer = pointer;
  return settled(core, set, w, asker);
}

/** What the opening question rests on: `first`, then what happens if nobody answers. */
function openingEvidence(first: string, dflt: string | null): string[] {
  if (dflt === REPEAT_OPENING) return first === NOT_SENSED ? NOT_SENSED_REPEAT : [first, REPEAT_NOTE];
  return dflt !== null ? [first, `if nobody answers: ${dflt}, whose goal dropped first`] : [first];
}

const NOT_SENSED = 'distance to the goal is not sensed';
const REPEAT_NOTE = 'if nobody answers: the opening stroke is played again';
/** The evidence of most opening questions, shared by them (frozen): they stay while open. */
const NOT_SENSED_REPEAT = Object.freeze([NOT_SENSED, REPEAT_NOTE]) as unknown as string[];

/** One empty list for the stroke records that have none: records stay for the whole match. */
const NONE = Object.freeze([]) as unknown as never[];

/** The core after the stroke: its set, the questions it raised and the answers it applied, its record. */
function settled(core: LiveCore, set: LiveCore['set'], w: Work, asker: Asker): LiveCore {
  // The record is complete (nothing is added to it after this): its empty lists become the shared one.
  const rec = w.rec;
  if (rec.goals.length === 0) rec.goals = NONE;
  if (rec.offTable.length === 0) rec.offTable = NONE;
  if (rec.fouls.length === 0) rec.fouls = NONE;
  if (rec.respots.length === 0) rec.respots = NONE;
  const out = copyCore(core);
  out.set = set;
  out.open = null;
  out.pending = pushAll(core.pending, asker.raised);
  out.decided = pushAll(core.decided, asker.applied);
  out.strokes = push(core.strokes, w.rec);
  return out;
}

function advancePointers(ctx: Ctx, set: LiveCore['set'], st: Stroke, next: Side | null): Record<Side, number> {
  const p = { ...set.pointer };
  const strikers = st.opening ? st.openers : [st.side];
  for (const x of strikers) {
    if (ctx.cfg.alternation === 'stroke' || st.opening || next !== x) p[x] = ((p[x] ?? 0) + 1) % Math.max(1, ctx.members[x]?.length ?? 1);
  }
  return p;
}
