/**
 * Carom's truth for the yardstick (three-cushion, three-ball, four-ball): two players, A with the
 * white cue ball and B with the yellow, shooting by the real rules (a point keeps the table; 4-ball
 * C4-ERASE-1: a shot that touches no ball erases the inning's points); the simulated players of
 * sim/players aim at their game's point. A unit is a game of UNIT_SHOTS shots (an open game, as a
 * club evening's practice), compared by the score and the leader when it is cut.
 */
import type { PendingDecision } from '../../shared/game/engine';
import { gameEntry } from '../../shared/game/catalogue';
import type { CaromReport } from '../../shared/reports/carom';
import { SimGame } from '../../sim/players/games';
import { caromTruth } from '../../sim/players/truth';
import type { AdapterFactory, EngineView, GameAdapter, PlayedShot, ShotOutcome, UnitResult } from './types';

/** A carom shot with its true outcome code (what the point question's answer names). */
interface CaromShot extends PlayedShot {
  code: string;
}

export const UNIT_SHOTS = 40;
const other = (p: string): string => (p === 'A' ? 'B' : 'A');
const leader = (score: Record<string, number>): string | null =>
  (score['A'] ?? 0) === (score['B'] ?? 0) ? null : (score['A'] ?? 0) > (score['B'] ?? 0) ? 'A' : 'B';

export function caromAdapter(game: string): AdapterFactory {
  const sim = gameEntry(game).simulator;
  if (sim.kind !== 'carom') throw new Error(`${game} is not played on a carom table`);
  const rules = sim.rules;
  return (seed): GameAdapter => {
    const table = new SimGame('carom', { skill: 0.6, seed, carom: rules });
    return {
      game,
      profile: gameEntry(game).profile,
      table: table.table,
      start: () => ({
        players: [
          { id: 'A', name: 'A' },
          { id: 'B', name: 'B' },
        ],
        config: { lag: false, referee: false, distance: null, shotClockSeconds: null, timeouts: false },
      }),
      play(n) {
        const out: CaromShot[] = [];
        let turn = 'A';
        let score: Record<string, number> = { A: 0, B: 0 };
        /** The inning's run so far (4-ball's erasure takes it back). */
        let run = 0;
        let inUnit = 0;
        for (let i = 0; i < n; i++) {
          const player = turn;
          const cue = player === 'A' ? 'W' : 'Y';
          table.turn = player;
          const ballsBefore = Object.fromEntries(table.balls.filter((b) => b.state === 'table').map((b) => [b.id, { x: b.x, y: b.y }]));
          const played = table.next();
          const t = caromTruth(rules, played.result.events, cue);
          const erased = rules === 'four-ball' && t.code === 'none' ? run : 0;
          const points = t.value - erased;
          run = t.keepsTurn ? run + t.value : 0;
          score[player] = (score[player] ?? 0) + points;
          turn = t.keepsTurn ? player : other(player);
          const shot: CaromShot = {
            events: played.result.events,
            durationS: played.result.duration,
            truth: { points: points !== 0 ? { [player]: points } : {}, foul: t.foul, next: turn },
            code: t.code,
            ballsBefore,
          };
          if (++inUnit === UNIT_SHOTS) {
            shot.unitEnd = { score: { ...score }, winner: leader(score) };
            turn = 'A';
            score = { A: 0, B: 0 };
            run = 0;
            inUnit = 0;
          }
          out.push(shot);
        }
        return out;
      },
      answer(d: PendingDecision, shot: PlayedShot) {
        // The referee saw the shot: its true outcome code, when the question offers it.
        const code = (shot as CaromShot).code;
        return d.options.some((o) => o.value === code) ? code : d.default;
      },
      observe(before: EngineView, after: EngineView): ShotOutcome {
        const points: Record<string, number> = {};
        for (const p of after.summary.players) {
          const d = p.score - (before.summary.players.find((x) => x.id === p.id)?.score ?? 0);
          if (d !== 0) points[p.id] = d;
        }
        const r = after.report as CaromReport;
        const b = before.report as CaromReport;
        const newShot = r.lastShot !== null && r.lastShot.no !== b.lastShot?.no;
        return { points, foul: newShot && r.lastShot!.fouls.length > 0, next: after.summary.turn };
      },
      engineResult(engine: EngineView): UnitResult {
        const s = Object.fromEntries(engine.summary.players.map((p) => [p.id, p.score]));
        return { score: s, winner: leader(s) };
      },
    };
  };
}
