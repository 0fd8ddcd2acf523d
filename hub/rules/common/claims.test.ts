/**
 * Claims through the replay (docs/claims.md): a foul no sensor sees is taken as no foul with a
 * window; the opponent's claim applies the foul answer; the shooter's dispute puts it to the
 * referee, whose ruling keeps it or restores the legal reading. Same log, same result.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../../shared/game/events';
import { nineBallEngine } from '../pool/index';
import { Log } from '../pool/testkit';
import { replay } from './replay';
import { withClaims } from './claims';
import { replayLog, parseLog } from '../../cli/replay';

const nine = (events: readonly GameEvent[]) => {
  const m = replay(nineBallEngine, events);
  return {
    m,
    summary: withClaims(nineBallEngine.summary(m.game), m.claims),
    report: nineBallEngine.report(m.game) as { shots: { fouls: { rule: string; code: string }[] }[] },
  };
};

/** A legal break by A (the 2 down), then A's shot heard as a cushion only, on a table without a contact sensor. */
function shotToClaim(): { log: Log; decision: string } {
  const log = new Log({ contactSensor: false }).break(['2']);
  log.add({ type: 'strike', ball: 'cue' }).add({ type: 'cushion', cushion: 'foot' }).rest();
  const q = nine(log.events).summary.pending[0]!;
  expect(q.kind).toBe('pocket.first-contact');
  // The hub takes it as legal at once, with a 15 s window (hub/games/claims.ts).
  log.add({
    type: 'decide',
    decision: q.id,
    answer: q.default!,
    by: 'hub',
    claim: { against: q.claim!.against, foul: q.claim!.foul, until: log.events.at(-1)!.t + 15_100, kind: q.kind },
  });
  return { log, decision: q.id };
}

describe('claims: the bar calls its own fouls (PB-SHOT-1, PB-FOUL-1)', () => {
  it('PB-FOUL-1: the first-contact question of a self-refereed table is claimable by the opponent, its foul a wrong ball', () => {
    const log = new Log({ contactSensor: false }).break(['2']);
    log.add({ type: 'strike', ball: 'cue' }).add({ type: 'cushion', cushion: 'foot' }).rest();
    const q = nine(log.events).summary.pending[0]!;
    expect(q.claim).toEqual({ against: 'A', foul: '3', fouls: ['3', '4', '5', '6', '7', '8', '9', 'none'] });
    // With a referee there is nothing to claim: he is asked.
    const refd = new Log({ contactSensor: false, refereed: true }).break(['2']);
    refd.add({ type: 'strike', ball: 'cue' }).add({ type: 'cushion', cushion: 'foot' }).rest();
    expect(nine(refd.events).summary.pending[0]!.claim).toBeUndefined();
  });

  it('PB-SHOT-1: taken as legal at once; the window shows on the summary; a strike closes it', () => {
    const { log, decision } = shotToClaim();
    const open = nine(log.events).summary;
    expect(open.claims).toMatchObject([{ decision, against: 'A', state: 'open', legal: '1', foul: '3' }]);
    // The rail question the legal reading raises is claimable too; B plays on after both windows.
    const rail = open.pending[0]!;
    expect([rail.kind, rail.claim]).toEqual(['pocket.rail', { against: 'A', foul: 'no' }]);
    log.add({ type: 'strike', ball: 'cue' });
    expect(nine(log.events).summary.claims!.find((c) => c.decision === decision)!.state).toBe('closed');
  });

  it('PB-FOUL-1: a claim in the window applies the foul exactly as the answer would; a second claim is refused', () => {
    const { log, decision } = shotToClaim();
    log.add({ type: 'claim', decision, player: 'B', by: 'player' });
    const r = nine(log.events);
    expect(r.report.shots.at(-1)!.fouls.map((f) => [f.rule, f.code])).toEqual([['PB-FOUL-1', 'wrong-first-ball']]);
    expect(r.summary.turn).toBe('B');
    expect(r.summary.claims![0]).toMatchObject({ state: 'claimed', claimedBy: 'B' });
    expect(r.m.corrections.at(-1)!.effect).toMatch(/foul claimed by B: decision .*: 1 -> 3/);
    log.add({ type: 'claim', decision, player: 'B', by: 'player' });
    expect(nine(log.events).m.corrections.at(-1)!.effect).toMatch(/refused \(already_claimed\)/);
  });

  it('claims are refused after the window, after the next strike, and against oneself', () => {
    const late = shotToClaim();
    late.log.add({ type: 'claim', decision: late.decision, player: 'B', t: late.log.events.at(-1)!.t + 16_000 });
    expect(nine(late.log.events).m.corrections.at(-1)!.effect).toMatch(/refused \(claim_window_closed\)/);
    expect(nine(late.log.events).report.shots.at(-1)!.fouls).toEqual([]);
    const own = shotToClaim();
    own.log.add({ type: 'claim', decision: own.decision, player: 'A' });
    expect(nine(own.log.events).m.corrections.at(-1)!.effect).toMatch(/refused \(own_shot\)/);
    const next = shotToClaim();
    next.log.add({ type: 'strike', ball: 'cue' }).add({ type: 'claim', decision: next.decision, player: 'B' });
    expect(nine(next.log.events).m.corrections.at(-1)!.effect).toMatch(/refused \(claim_window_closed\)/);
  });

  it('a dispute puts the claim to the referee: provisional until he rules; "reject" restores the legal reading, "uphold" keeps the foul', () => {
    const { log, decision } = shotToClaim();
    log.add({ type: 'claim', decision, player: 'B' }).add({ type: 'dispute', decision, player: 'B' });
    expect(nine(log.events).m.corrections.at(-1)!.effect).toMatch(/refused \(not_against_you\)/);
    log.add({ type: 'dispute', decision, player: 'A' });
    const disputed = nine(log.events).summary;
    expect(disputed.provisional).toBe(true);
    const q = disputed.pending.find((p) => p.kind === 'claim.dispute')!;
    expect([q.id, q.answeredBy, q.default]).toEqual([`${decision}:dispute`, 'referee', null]);
    const rejected = [...log.events, { type: 'decide', decision: q.id, answer: 'reject', by: 'referee', seq: 99, t: 99_000 } as GameEvent];
    expect(nine(rejected).report.shots.at(-1)!.fouls).toEqual([]);
    expect(nine(rejected).summary.claims![0]!.state).toBe('rejected');
    const upheld = [...log.events, { type: 'decide', decision: q.id, answer: 'uphold', by: 'referee', seq: 99, t: 99_000 } as GameEvent];
    expect(
      nine(upheld)
        .report.shots.at(-1)!
        .fouls.map((f) => f.code),
    ).toEqual(['wrong-first-ball']);
    expect(nine(upheld).summary.pending.some((p) => p.kind === 'claim.dispute')).toBe(false);
  });

  it('replay: the same log gives the same claims, whatever the order it is read in pieces', () => {
    const { log, decision } = shotToClaim();
    log.add({ type: 'claim', decision, player: 'B' }).add({ type: 'dispute', decision, player: 'A' });
    const whole = nine(log.events);
    const again = nine(JSON.parse(JSON.stringify(log.events)) as GameEvent[]);
    expect(again.summary).toEqual(whole.summary);
    expect(again.m.corrections).toEqual(whole.m.corrections);
  });

  it('autoref replay reads a log with a claim and a dispute from its JSON lines, and prints the claims', () => {
    const { log, decision } = shotToClaim();
    log.add({ type: 'claim', decision, player: 'B', by: 'player' }).add({ type: 'dispute', decision, player: 'A', by: 'player' });
    const lines = log.events.map((e) => JSON.stringify(e)).join('\n');
    const out = replayLog(parseLog(lines), 'nine-ball') as {
      summary: { claims: { state: string }[]; pending: { kind: string }[] };
      corrections: { type: string }[];
    };
    expect(out.summary.claims[0]!.state).toBe('disputed');
    expect(out.summary.pending.map((p) => p.kind)).toContain('claim.dispute');
    expect(out.corrections.map((c) => c.type)).toEqual(['claim', 'dispute']);
  });
});
