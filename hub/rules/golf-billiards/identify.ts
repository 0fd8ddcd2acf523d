/**
 * Balls the sensors saw but could not name (self-scoring). On the shipped bar table
 * (hardware/profiles/golf-billiards.json) only goal A has a colour sensor: a ball into goal B, or
 * past the out beam, reaches the engine without a colour. The reducer keeps it in the stroke as
 * unidentified (`ball: null`); the stroke's resolution asks whose it was, with a default that
 * stands in for the answer until somebody taps one (the hub answers with it after its wait).
 *
 * The answer is a side, that is a colour. Balls of one colour are interchangeable (GB-EQUIP-2),
 * and a colour is all a colour sensor would have told, so the stroke is then resolved exactly as
 * if the sensor had read that colour: an answer, given at once or much later, gives the state the
 * sensor would have given (unidentified.test.ts, properties.test.ts).
 */
import type { Ctx } from './balls';
import { type Asker, pickBall } from './balls';
import type { Work } from './placement';
import { other, ownGoal } from './predicates';
import { question } from './questions';
import type { GoalSeen, OffSeen, Side, Stroke } from './state';

/** The ball label the resolution uses, and whether it is the default (no answer yet). */
export interface Identified {
  label: string;
  assumed: boolean;
}

type Who = 'referee' | 'players';

/** One option per side: its colour (balls of one colour are interchangeable). */
export function sideOptions(ctx: Pick<Ctx, 'sides' | 'cfg'>): [string, string][] {
  return ctx.sides.map((s): [string, string] => {
    const colour = ctx.cfg.colours[s];
    return [s, `${s}'s ball${colour !== undefined ? ` (${colour})` : ''}`];
  });
}

/**
 * The default side for an unidentified ball: `likely`, unless it has no ball left that could be
 * the one (all its balls holed earlier in the set or in this stroke) while the other side has.
 */
export function defaultSide(sides: readonly [Side, Side], likely: Side, hasBall: (s: Side) => boolean): { side: Side; onlyOne: boolean } {
  const o = other(sides, likely);
  return !hasBall(likely) && hasBall(o) ? { side: o, onlyOne: true } : { side: likely, onlyOne: false };
}

/** The side that plays its balls into `goal`: the goal's owner's opponent (GB-SCORE-1). */
export function sidePlayingInto(ctx: Pick<Ctx, 'sides' | 'cfg'>, goal: string): Side {
  const owner = ctx.sides.find((s) => ownGoal(ctx.cfg, s) === goal) ?? ctx.sides[0];
  return other(ctx.sides, owner);
}

function readLine(read: string | undefined): string[] {
  return read === undefined ? [] : [`the sensor read "${read}", which is not a ball colour of this match`];
}

const canMove =
  (ctx: Ctx, w: Work) =>
  (s: Side): boolean =>
    pickBall(ctx, w.balls, s, ['table', 'waiting']) !== null;

/**
 * A goal: whose ball went in? Default: the side that plays into that goal. Each side aims every
 * ball at that goal, so its balls gather in front of it, and a ball of the side that owns the goal
 * goes in only by a rebound (own goal, GB-SCORE-3); for the striker's target goal it is the
 * striker's own ball (GB-SCORE-1), the stroke's purpose.
 */
export function identifyGoal(ctx: Ctx, st: Stroke, w: Work, asker: Asker, g: GoalSeen, who: Who): Identified {
  if (g.ball !== null) return { label: g.ball, assumed: false };
  const into = sidePlayingInto(ctx, g.goal);
  const owner = other(ctx.sides, into);
  const d = defaultSide(ctx.sides, into, canMove(ctx, w));
  const why = d.onlyOne ? 'the only side with a ball left that could go in' : 'the side that plays into this goal';
  const a = asker.ask(
    question(
      `${st.id}:goal-${owner}-${g.seq}`,
      'golf-billiards.goal_ball',
      `Whose ball went into ${owner}'s goal (${g.goal})?`,
      sideOptions(ctx),
      d.side,
      who,
      [`goal sensor ${g.goal} captured a ball without identity (event ${g.seq})`, ...readLine(g.read), `if nobody answers: ${d.side}, ${why}`],
      g.seq,
      // Whose goal it is for the striker, whether only one side could still score, the opening (both strike).
      `into=${into === st.side ? 'striker' : 'opponent'}|${d.onlyOne ? 'one-side-left' : 'both-sides'}${st.opening ? '|opening' : ''}`,
    ),
  );
  return { label: a ?? d.side, assumed: a === null };
}

/**
 * A ball off the table: whose? Default: the striking side. The struck ball is the one driven
 * hardest, so it is the one that most often jumps; and the default never costs a set, since only
 * an opponent's ball off the table with a goal can (GB-FOUL-5). In the opening stroke both sides
 * strike; the stroke's side is the one the first strike named (else the first side).
 */
export function identifyOff(ctx: Ctx, st: Stroke, w: Work, asker: Asker, o: OffSeen, who: Who): Identified {
  if (o.ball !== null) return { label: o.ball, assumed: false };
  const d = defaultSide(ctx.sides, st.side, canMove(ctx, w));
  const why = d.onlyOne ? 'the only side with a ball left that could go off' : 'the side that struck';
  const a = asker.ask(
    question(
      `${st.id}:off-${o.seq}`,
      'golf-billiards.off_ball',
      'Whose ball left the table?',
      sideOptions(ctx),
      d.side,
      who,
      [`off-table detector fired without identity (event ${o.seq})`, ...readLine(o.read), `if nobody answers: ${d.side}, ${why}`],
      o.seq,
      `${d.onlyOne ? 'one-side-left' : 'both-sides'}${st.opening ? '|opening' : ''}`,
    ),
  );
  return { label: a ?? d.side, assumed: a === null };
}

/** What the stroke record says of a ball taken as the default until somebody answers. */
export function assumedNote(label: string): string {
  return `; ball not identified: taken as ${label}'s until answered`;
}
