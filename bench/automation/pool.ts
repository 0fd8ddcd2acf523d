/**
 * Pool's truth for the yardstick (nine-ball, eight-ball, WPA rules as docs/games/pool.md applies
 * them): two players, A and B, play racks with the simulated players of sim/players/pool.ts, and
 * this driver keeps the true rack itself, from `poolTruth` alone (never from the engine): who
 * shoots, the break, ball in hand (anywhere or behind the head string), the legal first ball, the
 * eight-ball groups once a legal pocket sets them, the 8 called into the pocket the player aims
 * at, the balls spotted (the 9 after a foul, the 8 on the break), the three-foul rule of
 * nine-ball, the rack's end and winner. The players' options (break choices) take their defaults,
 * as `poolTruth` assumes; nobody pushes out or calls a safety (the chain feeds no call made before
 * a shot, so the engine could not know of one: see the report).
 *
 * A unit is one rack, started as a match of one rack (`raceTo: 1`) with the options the hub gives
 * a table of the `pool` profile (no contact sensor: `contactSensor: false`); A breaks every rack
 * (no lag, the first player breaks: the contract's `start()` cannot alternate the breaker).
 *
 * What the figures mean for pool:
 * - `points`: balls a shot pockets that count for its shooter: object balls pocketed on a shot
 *   without a foul that stay down (a spotted ball, the 8 on the break, does not count), credited to
 *   the shooter. Nine-ball: every such ball, the 9 included (1, like the others). Eight-ball: the
 *   balls of the shooter's group as it stands after the shot (an opponent's ball pocketed with them
 *   counts for nobody), on an open table (the break) every ball but the 8, and the 8 when it wins
 *   the rack. A foul scores nothing; a shot that loses the rack (the 8 too early, in the wrong
 *   pocket) scores nothing either.
 * - `foul`: the shot was a foul (any of PB-SHOT-1, PB-FOUL-1/2/3, WPA-8/9-BREAK).
 * - `next`: who shoots next; null when the shot ended the rack.
 * - the unit's result: `winner` the rack's winner; `score` the balls each player scored in the
 *   rack (the sum of the shots' points): a rack is right when the engine has the winner and every
 *   ball each player scored. (Racks won per player would only repeat the winner.)
 */
import type { PendingDecision } from '../../shared/game/engine';
import { gameEntry } from '../../shared/game/catalogue';
import type { PoolReport } from '../../hub/rules/pool/report';
import type { ShotRecord } from '../../hub/rules/pool/state';
import { profilesFrom, sensorConfig } from '../../hub/games/table-config';
import { PoolRack } from '../../sim/players/pool';
import { poolAnswer, poolUnnamed } from '../../sim/players/pool-referee';
import { poolGroupOf, poolTruth, type PoolBefore, type PoolGame, type PoolGroup, type PoolTruth } from '../../sim/players/truth';
import type { AdapterFactory, EngineView, GameAdapter, PlayedShot, ShotOutcome, UnitResult } from './types';

/** A pool shot with what the referee knows of it. */
interface PoolShot extends PlayedShot {
  truthOf: PoolTruth;
  /** The group of the ball the player aimed at (the eight-ball group question's answer). */
  meant: PoolGroup | null;
  /** The pocket the player called for the 8 (null: not shooting at the 8). */
  call: string | null;
}

/** The skill of the simulated players (as the chain tests use). */
export const POOL_SKILL = 0.85;

const PLAYERS = [
  { id: 'A', name: 'A' },
  { id: 'B', name: 'B' },
];
const other = (p: string): string => (p === 'A' ? 'B' : 'A');

/**
 * Balls pocketed in a shot that count for its shooter (see the header). `group`: the shooter's
 * eight-ball group after the shot (null: open table); `won`/`lost`: the shot ended the rack so.
 */
export function poolPoints(game: PoolGame, pocketed: readonly string[], spotted: readonly string[], group: PoolGroup | null, won: boolean): number {
  const down = pocketed.filter((b) => b !== 'cue' && !spotted.includes(b));
  if (game === 'nine-ball') return down.length;
  return down.filter((b) => (b === '8' ? won : group === null || poolGroupOf(b) === group)).length;
}

/** The true rack between shots. */
interface RackState {
  shooter: string;
  isBreak: boolean;
  ballInHand: 'table' | 'kitchen' | null;
  groups: Record<string, PoolGroup>;
  fouls: Record<string, number>;
  score: Record<string, number>;
}

const newRack = (): RackState => ({ shooter: 'A', isBreak: true, ballInHand: 'kitchen', groups: {}, fouls: {}, score: { A: 0, B: 0 } });

/** The question's pocket (`Which ball was captured in pocket X?`), or `out` for an exit. */
function placeOf(d: PendingDecision): string {
  return /captured in pocket (\S+)\?$/.exec(d.question)?.[1] ?? 'out';
}

export function poolAdapter(game: PoolGame): AdapterFactory {
  const profile = gameEntry(game).profile;
  // The options the hub adds for a table of this profile (hub/games/table-config.ts), then the match's own.
  const derived = sensorConfig({ id: 'bench', name: 'bench', game, devices: [{ id: 'bench-a', link: 'mqtt', profile }] }, PLAYERS, profilesFrom());
  return (seed): GameAdapter => {
    const rack = new PoolRack(game, { skill: POOL_SKILL, seed });
    /**
     * Per shot: the ball of each unnamed pocket or out event the engine asked, by `seq@place`. New
     * at each unit's start: the runs (unattended, referee, sweep) share the shots, not the engine's seqs.
     */
    let named = new WeakMap<PlayedShot, Map<string, string>>();
    return {
      game,
      profile,
      table: rack.table,
      start: () => {
        named = new WeakMap();
        return { players: PLAYERS.map((p) => ({ ...p })), config: { ...derived, raceTo: 1 } };
      },
      play(n) {
        const out: PoolShot[] = [];
        let st = newRack();
        rack.reset();
        for (let i = 0; i < n; i++) {
          const shooter = st.shooter;
          const before: Omit<PoolBefore, 'meant' | 'eightCall'> = {
            game,
            shooter,
            opponent: other(shooter),
            isBreak: st.isBreak,
            onTable: rack.onTable(),
            group: st.groups[shooter] ?? null,
            fouls: st.fouls[shooter] ?? 0,
          };
          const plan = rack.plan(before, st.ballInHand, seed * 7919 + i);
          // The 8 is called into the pocket the player aims it at.
          const call = game === 'eight-ball' && !st.isBreak && plan.target === '8' ? plan.pocket : null;
          const res = rack.play(plan, seed * 104_729 + i);
          const meant = plan.target === null ? null : poolGroupOf(plan.target);
          const t = poolTruth(res.events, { ...before, meant, eightCall: call });
          for (const b of t.spotted) rack.spot(b);
          const foul = t.fouls.length > 0;
          const won = t.winner === shooter;
          const lost = t.winner !== null && !won;
          const pts = foul || lost ? 0 : poolPoints(game, t.potted, t.spotted, t.group, won);
          st.score[shooter] = (st.score[shooter] ?? 0) + pts;
          const shot: PoolShot = {
            events: res.events,
            durationS: res.duration,
            truth: { points: pts > 0 ? { [shooter]: pts } : {}, foul, next: t.next },
            truthOf: t,
            meant,
            call,
          };
          if (t.next === null) {
            shot.unitEnd = { score: { ...st.score }, winner: t.winner };
            st = newRack();
            rack.reset();
          } else {
            if (game === 'eight-ball' && before.group === null && t.group !== null)
              st.groups = { [shooter]: t.group, [other(shooter)]: t.group === 'solids' ? 'stripes' : 'solids' };
            st.fouls[shooter] = foul ? (st.fouls[shooter] ?? 0) + 1 : 0;
            st.shooter = t.next;
            st.isBreak = false;
            st.ballInHand = t.ballInHand;
          }
          out.push(shot);
        }
        return out;
      },
      answer(d: PendingDecision, played: PlayedShot, engine: EngineView) {
        const shot = played as PoolShot;
        const names = new Map<number, string>();
        if (d.kind === 'pocket.ball-identity') {
          const place = placeOf(d);
          const { captures, offs } = poolUnnamed(shot.events);
          if (place !== 'out') {
            // The k-th capture event of a pocket in the shot (named by its colour sensor or not) is its k-th capture.
            const mine = (engine.captures ?? []).filter((c) => c.place === place);
            const k = mine.findIndex((c) => c.seq === d.raisedAt);
            const ball = k >= 0 ? captures.filter((c) => c.place === place)[k]?.ball : undefined;
            if (ball !== undefined) names.set(d.raisedAt, ball);
          } else {
            // The k-th unnamed exit is the k-th ball off the table. Numbered once, when the first is
            // asked (all are open then), and remembered by seq as the answers close them.
            const key = `${d.raisedAt}@out`;
            let known = named.get(played);
            if (!known?.has(key)) {
              known = new Map();
              engine.summary.pending
                .filter((q) => q.kind === 'pocket.ball-identity' && placeOf(q) === 'out')
                .sort((a, b) => a.raisedAt - b.raisedAt)
                .forEach((q, k) => {
                  if (offs[k] !== undefined) known!.set(`${q.raisedAt}@out`, offs[k]);
                });
              named.set(played, known);
            }
            const ball = known.get(key);
            if (ball !== undefined) names.set(d.raisedAt, ball);
          }
        }
        return poolAnswer(d, shot.truthOf, names, shot.meant, shot.events, shot.call);
      },
      observe(before: EngineView, after: EngineView): ShotOutcome {
        const b = before.report as PoolReport;
        const r = after.report as PoolReport;
        const recs = r.shots.slice(b.shots.length);
        const points: Record<string, number> = {};
        for (const rec of recs) {
          const pts = creditOf(game, rec, r);
          if (pts > 0) points[rec.shooter] = (points[rec.shooter] ?? 0) + pts;
        }
        const ended = r.racks.length > b.racks.length || r.status === 'finished';
        return { points, foul: recs.some((x) => !x.legal), next: ended ? null : after.summary.turn };
      },
      engineResult(engine: EngineView): UnitResult {
        const r = engine.report as PoolReport;
        const score: Record<string, number> = { A: 0, B: 0 };
        for (const rec of r.shots) score[rec.shooter] = (score[rec.shooter] ?? 0) + creditOf(game, rec, r);
        return { score, winner: r.racks.at(-1)?.winner ?? null };
      },
    };
  };
}

/** The balls the engine credited to a shot's shooter (the header's `points`, read from its shot record). */
function creditOf(game: PoolGame, rec: ShotRecord, r: PoolReport): number {
  if (!rec.legal || rec.replayed) return 0;
  const end = rec.next === null ? r.racks.find((x) => x.no === rec.rack) : undefined;
  const won = end?.winner === rec.shooter;
  if (end && !won) return 0;
  return poolPoints(game, rec.pocketed, rec.spotted, r.rack.groups[rec.shooter] ?? null, won);
}
