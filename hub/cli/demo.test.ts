import { afterEach, describe, expect, it } from 'vitest';
import { buildHub, type Hub } from '../app';
import { DEMO_VENUE } from '../../shared/venue';
import type { SimTable } from '../../sim/venue';
import { answerDemoIdentities, startDemoMatches } from './demo';

const settle = () => new Promise((r) => setTimeout(r, 20));

describe('demo: the simulated players name the ball a pocket beam could not', () => {
  let hub: Hub | undefined;
  afterEach(async () => hub?.close());

  it('answers "which ball?" with the ball the simulated table dropped in that pocket, as a player', async () => {
    hub = await buildHub({ venue: DEMO_VENUE, storePath: ':memory:', decisionDefaultMs: null });
    await startDemoMatches(hub, () => {});
    const pool = {
      table: 'p1',
      captures: [
        { place: 'bl', ball: '5' },
        { place: 'tr', ball: '3' },
      ],
    } as unknown as SimTable;
    const stop = answerDemoIdentities(hub, [pool]);
    await hub.matches.input('p1', { type: 'strike', by: 'sensor' });
    const u = await hub.matches.input('p1', { type: 'pocket', pocket: 'tr', captured: true, by: 'sensor' });
    expect(u.summary.pending.map((d) => d.kind)).toContain('pocket.ball-identity');
    await settle();
    const events = await hub.store.gameEvents(hub.matches.current('p1')!.id);
    const answer = events.find((e) => e.type === 'decide');
    expect(answer).toMatchObject({ answer: '3', by: 'player', who: 'demo' });
    expect(hub.matches.summaryOf('p1')!.pending.some((d) => d.kind === 'pocket.ball-identity')).toBe(false);
    // The 3 was used; the 5 fell elsewhere and waits for its own question.
    expect(pool.captures).toEqual([{ place: 'bl', ball: '5' }]);
    // A capture the table did not drop there stays for a person.
    await hub.matches.input('p1', { type: 'pocket', pocket: 'tl', captured: true, by: 'sensor' });
    await settle();
    expect(hub.matches.summaryOf('p1')!.pending.filter((d) => d.kind === 'pocket.ball-identity')).toHaveLength(1);
    stop();
  });

  it("starts the bumper-pool match with no ids of its own: the goals and colours are the table profile's", async () => {
    hub = await buildHub({ venue: DEMO_VENUE, storePath: ':memory:', decisionDefaultMs: null });
    await startDemoMatches(hub, () => {});
    const [start] = await hub.store.gameEvents(hub.matches.current('gb1')!.id);
    expect(start).toMatchObject({ type: 'start', by: 'referee', who: 'demo', config: { goals: { A: 'a', B: 'b' }, colours: { A: 'white', B: 'red' } } });
  });
});
