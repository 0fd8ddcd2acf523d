/**
 * Minigolf's truth for the yardstick: two players, A and B, one group on the demo's course of one
 * lane device (config `{ lanes: 1, rounds: ROUNDS }`, lane 1), playing by the WMF rules: a player
 * strokes until holed or the stroke limit (MG-SCORE-1/2: after the sixth stroke at rest without a
 * hole the lane is written 7, no seventh stroke), the group in its order (MG-ORDER-7), the order
 * rotated after each round (MG-ORDER-9: round 2 is B then A, so B plays the lane twice in a row).
 * The simulated putts are sim/players' (`SimGame('minigolf')`: the tee, the putt at the cup, the
 * ball back on the lane after leaving it); the turn is set here, never read from the engine.
 *
 * What the contract's words mean for minigolf:
 * - shot: one stroke (a putt from the tee or where the ball lay);
 * - points: the strokes the stroke puts on its player's card: 1, or 2 for a sixth stroke that
 *   ends at rest outside the cup (the stroke and the point the cap adds: the lane is written 7);
 *   the engine's are its written lane scores plus the strokes of the lane in play
 *   (`players[].rounds[].lanes` and `players[].lane.strokes`), penalty points excluded;
 * - foul: a penalty given (the engine's `players[].penalties` grew); the simulated players play
 *   clean, so the truth has none;
 * - next: who strokes next (the same player until holed or capped, then the next in the order;
 *   the next round's first player, rotated); null at the unit's end;
 * - unit: one match of ROUNDS rounds on the lane (every player has played the lane ROUNDS
 *   times), compared by each player's total (the engine's: lane scores + penalty points, MG-Q14)
 *   and the winner, fewest strokes, null on a tie (the golden-stroke play-off, MG-TIE-1, is not
 *   played: the runner starts the next match).
 *
 * The referee answers `minigolf.hole_without_stroke` from the truth (the cup sensor saw the ball
 * drop with no stroke heard since it came to rest): `stroke` when the engine has heard fewer of
 * the player's strokes on the lane than were made (a stroke missed by the tee sensor), else the
 * default (`void`: nothing but the wind could have moved it). Other questions (`ball_change`: the
 * tee sensor names no ball, so it does not arise here) take their default.
 *
 * The lane: the stock `minigolf-lane` firmware names its places `tee` and `cup`; the hub gives its
 * strokes, holes and rests the device's lane (venue `lane: 1`), so the chain must assemble with
 * lane 1 (`new ShotAssembler(opts, out, timers, 1, '1')`), else every hole is refused (`bad_lane`).
 * On the demo's straight lane the simulated players hole in 1 to 4 strokes and never reach the
 * cap; `table` (e.g. a smaller, slower cup) and a low `skill` make capped lanes happen.
 */
import type { PendingDecision } from '../../shared/game/engine';
import { gameEntry } from '../../shared/game/catalogue';
import type { MinigolfReport } from '../../shared/reports/minigolf';
import { SimGame } from '../../sim/players/games';
import type { TableSpec } from '../../sim/physics/world';
import type { AdapterFactory, EngineView, GameAdapter, PlayedShot, ShotOutcome, UnitResult } from './types';

/** Rounds of a unit (a match): two, so the rotated order of the second round is played. */
export const ROUNDS = 2;
/** The demo's course: one lane device, lane 1 (shared/game/catalogue.ts `demo`). */
export const LANES = 1;
/** MG-SCORE-2: the lane maximum; the stroke cap is one less. */
const MAX = 7;
const CAP = MAX - 1;

/** A stroke with who played it and the strokes made on the lane so far, this one included. */
interface MinigolfShot extends PlayedShot {
  player: string;
  strokes: number;
}

/** The documented report's parts this file reads (the shared type leaves them out). */
type Report = Omit<MinigolfReport, 'players'> & {
  players: (MinigolfReport['players'][number] & {
    /** The lane in play, null between lanes. */
    lane: { round: number; lane: number; strokes: number; ball: string } | null;
    penalties: unknown[];
  })[];
};

const fewest = (score: Record<string, number>): string | null => {
  const s = Object.entries(score).sort((a, b) => a[1] - b[1]);
  return s.length === 0 || (s.length > 1 && s[0]![1] === s[1]![1]) ? null : s[0]![0];
};

/** Strokes the engine counts per player: lane scores written plus the strokes of the lane in play. */
function counted(r: Report): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of r.players) {
    const written = p.rounds.reduce((a, x) => a + x.lanes.reduce<number>((b, v) => b + (v ?? 0), 0), 0);
    out[p.id] = written + (p.lane?.strokes ?? 0);
  }
  return out;
}

const penalties = (r: Report): Record<string, number> => Object.fromEntries(r.players.map((p) => [p.id, p.penalties.length]));

export interface MinigolfAdapterOptions {
  /** Rounds per unit (default ROUNDS). */
  rounds?: number;
  /** The players' skill, 0..1 (default 0.6). */
  skill?: number;
  /** Changes to the demo's lane (sim/physics/tables.ts MINIGOLF_LANE), e.g. a harder cup. */
  table?: Partial<TableSpec>;
}

export function minigolfAdapter(opts: MinigolfAdapterOptions = {}): AdapterFactory {
  const rounds = opts.rounds ?? ROUNDS;
  const ids = ['A', 'B'];
  return (seed): GameAdapter => {
    const table = new SimGame('minigolf', { skill: opts.skill ?? 0.6, seed, ...(opts.table ? { table: opts.table } : {}) });
    return {
      game: 'minigolf',
      profile: gameEntry('minigolf').profile,
      table: table.table,
      start: () => ({
        players: ids.map((id) => ({ id, name: id })),
        config: { lanes: LANES, rounds },
      }),
      play(n) {
        const out: MinigolfShot[] = [];
        let order = [...ids];
        let round = 0;
        let k = 0;
        let strokes = 0;
        let score: Record<string, number> = Object.fromEntries(ids.map((id) => [id, 0]));
        for (let i = 0; i < n; i++) {
          const player = order[k]!;
          table.turn = player;
          const played = table.next();
          const holed = played.result.events.some((e) => e.type === 'capture');
          strokes++;
          // MG-SCORE-2: the sixth stroke at rest outside the cup writes 7 (the stroke and one more).
          const points = !holed && strokes === CAP ? MAX - CAP + 1 : 1;
          score[player] = (score[player] ?? 0) + points;
          const laneDone = holed || strokes === CAP;
          const shot: MinigolfShot = {
            events: played.result.events,
            durationS: played.result.duration,
            truth: { points: { [player]: points }, foul: false, next: player },
            player,
            strokes,
          };
          if (laneDone) {
            strokes = 0;
            k++;
            if (k === order.length) {
              // MG-ORDER-9: the order rotates after the round.
              k = 0;
              round++;
              order = [...order.slice(1), order[0]!];
            }
            if (round === rounds) {
              shot.truth.next = null;
              shot.unitEnd = { score: { ...score }, winner: fewest(score) };
              order = [...ids];
              round = 0;
              score = Object.fromEntries(ids.map((id) => [id, 0]));
            } else shot.truth.next = order[k]!;
          }
          out.push(shot);
        }
        return out;
      },
      answer(d: PendingDecision, shot: PlayedShot, engine: EngineView) {
        if (d.kind === 'minigolf.hole_without_stroke') {
          // The ball was struck (nothing else moves it here): a stroke was missed if the engine heard fewer than were made.
          const s = shot as MinigolfShot;
          const p = (engine.report as Report).players.find((x) => x.id === s.player);
          const heard = p?.lane?.strokes ?? 0;
          return heard < s.strokes ? 'stroke' : d.default;
        }
        return d.default;
      },
      observe(before: EngineView, after: EngineView): ShotOutcome {
        const b = counted(before.report as Report);
        const a = counted(after.report as Report);
        const points: Record<string, number> = {};
        for (const [id, v] of Object.entries(a)) if (v !== (b[id] ?? 0)) points[id] = v - (b[id] ?? 0);
        const pb = penalties(before.report as Report);
        const foul = Object.entries(penalties(after.report as Report)).some(([id, v]) => v > (pb[id] ?? 0));
        return { points, foul, next: after.summary.turn };
      },
      engineResult(engine: EngineView): UnitResult {
        const score = Object.fromEntries((engine.report as Report).players.map((p) => [p.id, p.total]));
        return { score, winner: fewest(score) };
      },
    };
  };
}
