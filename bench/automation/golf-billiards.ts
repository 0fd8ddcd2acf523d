/**
 * Golf billiards' (bumper pool's) truth for the yardstick: two sides, A (white balls, plays into
 * goal b) and B (red, plays into goal a), one player each, on the bar table of the
 * `golf-billiards` profile (a colour sensor at goal a only: goal b and the out beam name no ball).
 * The simulated set keeps its own state by the rules (sim/players/truth.ts `golfStroke`: whose
 * stroke, balls home per side, zone play, re-spots on the engine's points as the opponent would
 * choose them, sim/players/golf.ts), never the engine's.
 *
 * What the comparison means:
 * - `points`: balls that went home for each side in the stroke, that is what the set's score (balls
 *   holed) gains: own balls into the target goal (GB-SCORE-1), the opponent's balls into either
 *   goal (GB-SCORE-2) or off the table (GB-FOUL-4), for their owner; a goal taken back out
 *   (GB-FOUL-4 with a goal) counts nothing, an own goal (GB-SCORE-3) is re-spotted and counts
 *   nothing. An opening stroke (both sides strike at once) counts each side's balls home.
 * - `foul`: a ball left the table (GB-FOUL-3/4/5) or zone play failed (GB-ZONE-3). An own goal is
 *   not a foul (GB-SCORE-3: re-spot and loss of turn). Fouls only a person sees (GB-OWN-1, touches,
 *   triangles, ...) are not in the truth: no sensor sees them and no question asks them.
 * - `next`: the side that strokes next; null when the set ended, or when the next stroke is an
 *   opening stroke again (nobody could tell who was closer: both sides strike; the engine's turn
 *   is null then too).
 * - unit: one set (each unit is a new match: the chain starts one per unit). `unitEnd.score` is
 *   the balls holed per side when the set ended (the winner's 5, or fewer after GB-FOUL-5), the
 *   winner the set's winner; the engine's are its first set's record (`report.sets[0]`).
 */
import type { PendingDecision } from '../../shared/game/engine';
import { gameEntry } from '../../shared/game/catalogue';
import { profilesFrom, startConfig } from '../../hub/games/table-config';
import type { TableSpec } from '../../sim/physics/world';
import { SimGame } from '../../sim/players/games';
import { respotBalls, type GbReport } from '../../sim/players/golf';
import { golfStroke, type GolfSide } from '../../sim/players/truth';
import type { AdapterFactory, EngineView, GameAdapter, PlayedShot, ShotOutcome, UnitResult } from './types';

/** A golf billiards stroke with what a referee needs to answer the engine's questions. */
interface GolfShot extends PlayedShot {
  /** The balls that went into a goal (place `a`/`b`) and off the table, in time order. */
  captures: { ball: string; place: string }[];
  offs: string[];
  /** Some ball left its zone (GB-ZONE-3's question). */
  leftZone: boolean;
  /** GB-FOUL-4 with a goal: the played ball was one that scored. */
  playedInGoal: boolean;
  /** The re-spot points chosen per side, in the order of the stroke's re-spots. */
  spots: Record<GolfSide, string[]>;
  /** The set's winner, when the stroke ends it (a first-drop question's answer). */
  setWinner: GolfSide | null;
}

const PLAYERS = [
  { id: 'A', name: 'A', side: 'A' },
  { id: 'B', name: 'B', side: 'B' },
];

/** The config the hub gives a match on this table: the options the profile's sensors imply (hub/games/table-config.ts). */
function hubConfig(profile: string): Record<string, unknown> {
  const table = { id: 'bench', name: 'bench', game: 'golf-billiards' as const, devices: [{ id: 'bench-a', link: 'mqtt' as const, profile }] };
  return startConfig(table, PLAYERS, undefined, profilesFrom()) ?? {};
}

/** The engine's report of the last stroke, if the input made a new one. */
function newStroke(before: EngineView, after: EngineView): GbReport['strokes'][number] | null {
  const b = before.report as GbReport;
  const a = after.report as GbReport;
  const rec = a.strokes?.at(-1);
  return rec && rec.id !== b.strokes?.at(-1)?.id ? rec : null;
}

/**
 * `table`: changes to the simulated table (the chain tests' lively rail, `{ jumpSpeed: 0.8,
 * jumpChance: 0.25 }`, throws balls off the table often enough to exercise GB-FOUL-3/4/5; the
 * default table seldom does).
 */
export function golfBilliardsAdapter(opts: { table?: Partial<TableSpec>; skill?: number } = {}): AdapterFactory {
  const profile = gameEntry('golf-billiards').profile;
  const config = hubConfig(profile);
  const goals = (config['goals'] ?? { A: 'goal-A', B: 'goal-B' }) as Record<GolfSide, string>;
  return (seed): GameAdapter => {
    const game = new SimGame('golf-billiards', { skill: opts.skill ?? 0.7, seed, follow: true, ...(opts.table ? { table: opts.table } : {}) });
    const colourOf = (b: string): string | undefined => game.colourOf(b);
    return {
      game: 'golf-billiards',
      profile,
      table: game.table,
      // A ball home scores for its owner, whichever side struck it.
      pointsToShooter: false,
      start: () => ({ players: PLAYERS.map((p) => ({ ...p })), config: { ...config } }),
      play(n) {
        const out: GolfShot[] = [];
        let opening = true;
        let turn: GolfSide = 'A';
        let zonePlay = false;
        let holed: Record<GolfSide, number> = { A: 0, B: 0 };
        for (let i = 0; i < n; i++) {
          game.opening = opening;
          game.turn = turn;
          const played = game.next();
          const ev = played.result.events;
          let closer: GolfSide | null = null;
          if (opening) {
            // Whose played ball stopped closer to the goal it plays at (both gone, or equal: nobody can tell).
            const dist = (s: GolfSide): number => {
              const id = ev.find((e) => e.type === 'strike' && e.ball.startsWith(s));
              const b = id?.type === 'strike' ? game.balls.find((x) => x.id === id.ball) : undefined;
              const g = game.table.holes.find((h) => h.place === (s === 'A' ? 'b' : 'a'))!;
              return b && b.state === 'table' ? Math.hypot(b.x - g.x, b.y - g.y) : Infinity;
            };
            const [da, db] = [dist('A'), dist('B')];
            closer = da === db ? null : da < db ? 'A' : 'B';
          }
          const left = { A: 5 - holed.A, B: 5 - holed.B };
          const t = golfStroke(ev, { side: opening ? null : turn, left, zonePlay, leftZone: played.leftZone === true, closer });
          const placed = respotBalls(game, t.respot);
          const spots: Record<GolfSide, string[]> = { A: [], B: [] };
          for (const p of placed) spots[p.ball.startsWith('A') ? 'A' : 'B'].push(p.spot);
          holed = { A: holed.A + t.home.A, B: holed.B + t.home.B };
          const points = Object.fromEntries((['A', 'B'] as const).filter((s) => t.home[s] !== 0).map((s) => [s, t.home[s]]));
          const shot: GolfShot = {
            events: ev,
            durationS: played.result.duration,
            colourOf,
            truth: { points, foul: t.fouls.length > 0, next: t.next },
            captures: ev.flatMap((e) => (e.type === 'capture' ? [{ ball: e.ball, place: e.place }] : [])),
            offs: ev.flatMap((e) => (e.type === 'off' ? [e.ball] : [])),
            leftZone: played.leftZone === true,
            playedInGoal: t.playedInGoal,
            spots,
            setWinner: t.setWinner,
          };
          if (t.setWinner !== null) {
            shot.unitEnd = { score: { ...holed }, winner: t.setWinner };
            game.reset();
            opening = true;
            zonePlay = false;
            holed = { A: 0, B: 0 };
          } else {
            zonePlay ||= holed.A >= 4 || holed.B >= 4;
            opening = t.next === null;
            turn = t.next ?? turn;
          }
          out.push(shot);
        }
        return out;
      },
      answer(d: PendingDecision, shot: PlayedShot, engine: EngineView): string | null {
        // An earlier answer of the same round can withdraw a question (a re-spot of a ball that was not the one off): leave it.
        if (!engine.summary.pending.some((p) => p.id === d.id)) return null;
        const s = shot as GolfShot;
        const r = engine.report as GbReport;
        const has = (v: string | null | undefined): v is string => v !== null && v !== undefined && d.options.some((o) => o.value === v);
        const stroke = d.id.slice(0, d.id.indexOf(':') + 1);
        // The stroke's questions of one family (open and answered), in log order: the k-th is the k-th such ball of the truth.
        const siblings = (prefix: string): string[] =>
          [...engine.summary.pending.map((p) => p.id), ...(r.decided ?? []).map((x) => x.id)].filter(
            (id, j, all) => id.startsWith(prefix) && all.indexOf(id) === j,
          );
        const seqOf = (id: string): number => Number(/-(\d+)$/.exec(id)?.[1] ?? 0);
        const kth = (prefix: string): number =>
          siblings(prefix)
            .sort((x, y) => seqOf(x) - seqOf(y))
            .indexOf(d.id);
        const fallback = d.default;
        switch (d.kind) {
          case 'golf-billiards.goal_ball': {
            // `…:goal-<goal's owner>-<seq>`: the balls that truly went into that goal, in time order.
            const owner = /:goal-(\w+)-\d+$/.exec(d.id)?.[1] as GolfSide | undefined;
            const place = owner ? goals[owner] : undefined;
            const into = s.captures.filter((c) => c.place === place);
            const sides = [...new Set(into.map((c) => c.ball.slice(0, 1)))];
            // One colour only: whichever of them this was; else by order (a sensor's miss or echo can shift it).
            const ball = sides.length === 1 ? sides[0] : into[Math.max(0, kth(`${stroke}goal-${owner}-`))]?.ball.slice(0, 1);
            return has(ball) ? ball : fallback;
          }
          case 'golf-billiards.off_ball': {
            const sides = [...new Set(s.offs.map((b) => b.slice(0, 1)))];
            const ball = sides.length === 1 ? sides[0] : s.offs[Math.max(0, kth(`${stroke}off-`))]?.slice(0, 1);
            return has(ball) ? ball : fallback;
          }
          case 'golf-billiards.opening':
            return s.truth.next ?? 'repeat';
          case 'golf-billiards.respot': {
            // `…:respot-<ball>`: the chooser took the first free point; the side's k-th re-spot of the stroke.
            const side = (/:respot-(\w)/.exec(d.id)?.[1] ?? 'A') as GolfSide;
            const k = siblings(`${stroke}respot-${side}`).sort().indexOf(d.id);
            const spot = s.spots[side]?.[k];
            return has(spot) ? spot : fallback;
          }
          case 'golf-billiards.zone':
            return s.leftZone ? 'left' : 'stayed';
          case 'golf-billiards.played_in_goal':
            return s.playedInGoal ? 'yes' : 'no';
          case 'golf-billiards.first_drop':
            return has(s.setWinner) ? s.setWinner : fallback;
          case 'golf-billiards.designate':
            // Balls of one colour are interchangeable: any of the infringer's.
            return d.options[0]?.value ?? fallback;
          default:
            // own_onto_own (needs a strike naming the ball: no sensor names it), respot_repeat (needs a from_spot call), foul claims.
            return fallback;
        }
      },
      observe(before: EngineView, after: EngineView): ShotOutcome {
        const b = before.report as GbReport;
        const a = after.report as GbReport;
        const holdBefore = Object.fromEntries((b.sides ?? []).map((x) => [x.side, x.holed]));
        // The set the stroke was played in: still on, or just ended (then its record holds its final count).
        const ended = a.set.number !== b.set.number ? a.sets.find((x) => x.number === b.set.number) : undefined;
        const holdAfter = ended ? ended.holed : Object.fromEntries((a.sides ?? []).map((x) => [x.side, x.holed]));
        const points: Record<string, number> = {};
        for (const side of Object.keys(holdAfter)) {
          const d = (holdAfter[side] ?? 0) - (holdBefore[side] ?? 0);
          if (d !== 0) points[side] = d;
        }
        const rec = newStroke(before, after);
        const foul = rec !== null && (rec.offTable.length > 0 || rec.fouls.length > 0);
        return { points, foul, next: after.summary.turn };
      },
      engineResult(engine: EngineView): UnitResult {
        const r = engine.report as GbReport;
        const set = r.sets?.[0];
        if (set) return { score: { ...set.holed }, winner: set.winner };
        return { score: Object.fromEntries((r.sides ?? []).map((x) => [x.side, x.holed])), winner: null };
      },
    };
  };
}
