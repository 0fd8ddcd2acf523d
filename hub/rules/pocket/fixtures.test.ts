/** Replays every recorded fixture under test/fixtures/pocket and compares with the hand-written expected outcome. */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../../shared/game/events';
import { replay } from '../common/replay';
import { eightBallEngine, nineBallEngine } from './index';
import type { PocketReport } from './report';
import type { PocketState } from './types';
import type { RulesEngine } from '../../../shared/game/engine';

const engines: Record<string, RulesEngine<PocketState>> = { 'eight-ball': eightBallEngine, 'nine-ball': nineBallEngine };

const dir = join(dirname(fileURLToPath(import.meta.url)), '../../../test/fixtures/pocket');
const names = readdirSync(dir).filter((n) => n.endsWith('.jsonl')).map((n) => n.slice(0, -'.jsonl'.length));

describe('pocket fixtures', () => {
  it('has fixtures for both engines', () => {
    expect(names.some((n) => n.startsWith('eight-ball'))).toBe(true);
    expect(names.some((n) => n.startsWith('nine-ball'))).toBe(true);
  });
  it.each(names)('%s', (name) => {
    const expected = JSON.parse(readFileSync(join(dir, `${name}.expected.json`), 'utf8')) as Record<string, unknown>;
    const log = readFileSync(join(dir, `${name}.jsonl`), 'utf8').split('\n').filter((x) => x.trim() !== '').map((x) => JSON.parse(x) as GameEvent);
    const engine = engines[String(expected['game'])];
    expect(engine).toBeDefined();
    const m = replay(engine!, log);
    const summary = engine!.summary(m.game);
    const report = engine!.report(m.game) as PocketReport;
    expect(report.rejected).toEqual([]);
    expect({
      game: summary.game,
      status: summary.status,
      winner: summary.winner,
      turn: summary.turn,
      provisional: summary.provisional,
      scores: Object.fromEntries(summary.players.map((p) => [p.id, p.score])),
      racks: report.racks.map((r) => ({ no: r.no, breaker: r.breaker, winner: r.winner, reason: r.reason })),
      pendingKinds: summary.pending.map((p) => p.kind),
      ballInHand: report.rack.ballInHand,
    }).toEqual(expected);
  });
});
