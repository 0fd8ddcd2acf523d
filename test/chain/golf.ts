/**
 * Golf billiards in the chain: a simulated referee who answers the engine's pending decisions
 * from the ground truth (opening, re-spot points, designations, zone play, whose ball went into a
 * goal or off the table where no sensor names it, ...), and puts the simulated balls where the
 * engine's decisions put them (re-spots, annulled goals), so the simulated set follows the
 * engine's stroke order. The re-spot points and the free-place search are sim/players/golf.ts'
 * (shared with the automation yardstick, whose simulated set keeps its own truth). Used by
 * chain.test.ts (engine fed directly) and hub-chain.test.ts (through Mosquitto and the hub).
 */
import type { PendingDecision } from '../../shared/game/engine';
import type { SimGame, PlayedShot } from '../../sim/players/games';
import type { TruthEvent } from '../../sim/physics/world';
import { free, nearFree, respotPoint, type GbReport } from '../../sim/players/golf';

export type { GbReport } from '../../sim/players/golf';

const other = (s: string): 'A' | 'B' => (s === 'A' ? 'B' : 'A');

/** What the truth says about one stroke, in the engine's terms. */
export interface GolfTruth {
  opening: boolean;
  /** The side due next (after the opening: the side that won it; null = the opening again). */
  next: 'A' | 'B' | null;
  offTable: number;
  /** Zone play, no goal, no ball left its zone: the GB-ZONE-3 foul. */
  zoneFail: boolean;
}

export function golfTruth(played: PlayedShot, game: SimGame, zonePlay: boolean): GolfTruth {
  const ev = played.result.events;
  const goal = ev.some((e) => e.type === 'capture');
  return {
    opening: played.opening === true,
    next: played.opening ? (game.opening ? null : (game.turn as 'A' | 'B')) : played.keepsTurn ? (played.player as 'A' | 'B') : other(played.player),
    offTable: ev.filter((e) => e.type === 'off').length,
    zoneFail: zonePlay && !played.opening && !goal && played.leftZone !== true,
  };
}

/**
 * The referee's answer to one of the engine's questions, from the truth; null: answer with the
 * default. `unnamed` maps the log position (seq) of each goal or off-table event that no sensor
 * named to the ball that truly went (the question's id ends with that seq).
 */
export function golfAnswer(p: PendingDecision, played: PlayedShot, game: SimGame, unnamed: ReadonlyMap<number, string> = new Map()): string | null {
  const ev: readonly TruthEvent[] = played.result.events;
  const options = p.options.map((o) => o.value);
  const side = played.player as 'A' | 'B';
  const struck = ev.find((e) => e.type === 'strike');
  switch (p.kind) {
    case 'golf-billiards.goal_ball':
    case 'golf-billiards.off_ball':
      // Whose ball it was: the side of the true ball (balls of one colour are interchangeable).
      return unnamed.get(Number(/-(\d+)$/.exec(p.id)?.[1]))?.slice(0, 1) ?? null;
    case 'golf-billiards.opening':
      return game.opening ? 'repeat' : game.turn;
    case 'golf-billiards.respot':
    case 'golf-billiards.respot_repeat': {
      // The ball's owner infringed; the opponent's points. The first free point in the rule's order.
      const ball = /respot-(\w+)$/.exec(p.id)?.[1] ?? /spot-(\w+)$/.exec(p.id)?.[1] ?? '';
      const chooser = other(ball.slice(0, 1));
      const preferred = p.kind === 'golf-billiards.respot_repeat' && p.default !== null ? [p.default, ...options] : options;
      for (const o of preferred) {
        const at = respotPoint(chooser, o);
        if (at && free(game, at.x, at.y)) return o;
      }
      return options.includes('near') ? 'near' : null;
    }
    case 'golf-billiards.designate':
      // Balls of one colour are interchangeable: any of the infringer's balls on the table.
      return options[0] ?? null;
    case 'golf-billiards.zone':
      return played.leftZone ? 'left' : 'stayed';
    case 'golf-billiards.played_in_goal': {
      const target = side === 'A' ? 'b' : 'a';
      return ev.some((e) => e.type === 'capture' && e.ball === (struck?.type === 'strike' ? struck.ball : '') && e.place === target) ? 'yes' : 'no';
    }
    case 'golf-billiards.own_onto_own': {
      const cue = struck?.type === 'strike' ? struck.ball : '';
      let cushion = false;
      for (const e of ev) {
        if ((e.type === 'cushion' || e.type === 'bumper') && e.ball === cue) cushion = true;
        if (e.type === 'contact' && (e.a === cue || e.b === cue)) {
          const o = e.a === cue ? e.b : e.a;
          return o.startsWith(side) && !cushion ? 'yes' : 'no';
        }
      }
      return 'no';
    }
    case 'golf-billiards.first_drop': {
      const last = (s: string): number => Math.max(...ev.filter((e) => e.type === 'capture' && e.ball.startsWith(s)).map((e) => e.t));
      return last('A') <= last('B') ? 'A' : 'B';
    }
    case 'golf-billiards.foul':
      return 'accept';
    default:
      return null;
  }
}

/**
 * Puts the simulated balls where the engine's decisions put them: per side, as many on the table
 * as the engine has there; balls coming back (off the table first, then out of a goal) go to the
 * re-spot points the stroke's record names for that side, or as near the centre as is free.
 * Returns how many balls had to be taken off the table because the engine holed more than the
 * truth (a wrong goal).
 */
export function followEngine(game: SimGame, report: GbReport): number {
  const rec = report.strokes.at(-1);
  let forced = 0;
  for (const s of ['A', 'B'] as const) {
    const engineTable = Object.values(report.balls).filter((b) => b.side === s && b.where === 'table').length;
    const mine = game.balls.filter((b) => b.id.startsWith(s));
    const onTable = mine.filter((b) => b.state === 'table');
    let diff = engineTable - onTable.length;
    if (diff < 0) {
      for (const b of onTable.slice(diff)) Object.assign(b, { state: 'captured', vx: 0, vy: 0 });
      forced -= diff;
      continue;
    }
    const spots = (rec?.respots ?? []).flatMap((r) => {
      const m = /^(\w)\w* -> point (\w+)/.exec(r);
      return m && m[1] === s ? [m[2]!] : [];
    });
    const back = [...mine.filter((b) => b.state === 'off'), ...mine.filter((b) => b.state === 'captured')];
    for (const b of back) {
      if (diff <= 0) break;
      const spot = spots.shift();
      const at = spot !== undefined ? respotPoint(other(s), spot) : null;
      const p = at && free(game, at.x, at.y) ? at : nearFree(game, at?.x ?? game.table.width / 2, at?.y ?? game.table.height / 2);
      Object.assign(b, { state: 'table', x: p.x, y: p.y, vx: 0, vy: 0 });
      delete b.where;
      diff--;
    }
  }
  return forced;
}
