/**
 * The hub runs the engines' clocks: a real hub, a three-cushion match started through the API with
 * a 1-second shot clock, and the expiry the hub logs by itself when nobody plays.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { buildHub, type Hub } from '../../hub/app';
import { hubNow } from '../../hub/time/hub-clock';
import { DEMO_VENUE } from '../../shared/venue';
import { waitFor } from '../helpers/hub';

let hub: Hub | undefined;
afterAll(async () => {
  await hub?.close();
});

describe('game clocks on a running hub', () => {
  it('C3-TIME-1: the shot clock runs out with nobody at the table: the hub logs the expiry and the engine calls "did not play"', async () => {
    hub = await buildHub({ venue: DEMO_VENUE, storePath: ':memory:', token: null });
    const players = [
      { id: 'ann', name: 'Ann' },
      { id: 'bob', name: 'Bob' },
    ];
    const r = await hub.app.inject({ method: 'POST', url: '/api/tables/c1/matches', payload: { players, config: { lag: false, shotClockSeconds: 1 } } });
    expect(r.statusCode).toBe(201);
    const t = hubNow();
    await hub.matches.sensor('c1', { type: 'strike', ball: 'W', t, by: 'sensor' });
    await hub.matches.sensor('c1', { type: 'contact', a: 'W', b: 'R', t: t + 1, by: 'sensor' });
    await hub.matches.sensor('c1', { type: 'at_rest', t: t + 2, by: 'hub' });
    const id = hub.matches.current('c1')!.id;
    await waitFor(async () => (await hub!.store.gameEvents(id)).some((e) => e.type === 'clock'), 'the hub to log the shot clock expiry', 10_000);
    const clock = (await hub.store.gameEvents(id)).find((e) => e.type === 'clock')!;
    expect(clock).toMatchObject({ clock: 'shot', phase: 'expire', player: 'bob', by: 'hub' });
    expect(clock.t - (t + 2)).toBeGreaterThanOrEqual(1000);
    const live = await hub.app.inject({ url: '/api/tables/c1/live' });
    expect(live.json().report.fouls).toEqual([expect.objectContaining({ player: 'bob', code: 'did_not_play' })]);
  });
});
