import { describe, expect, it } from 'vitest';
import { ClockSync } from './sync';
import { Ingest, type Origin } from '../ingest/pipeline';
import { SqliteStore } from '../store/sqlite';
import { DEMO_VENUE } from '../../shared/venue';
import type { HubCommand } from '../../shared/protocol/schema';

function setup() {
  let clock = 1000;
  const ingest = new Ingest(new SqliteStore(':memory:'), DEMO_VENUE, () => clock);
  const sync = new ClockSync(ingest, { now: () => clock, fastMs: 100, slowMs: 100 });
  const asked: { q: number; written?: (t: number) => void }[] = [];
  const origin: Origin = {
    link: 'test',
    send: (_d, cmd: HubCommand, written) => {
      if (cmd.k === 'sy') asked.push({ q: cmd.q, ...(written ? { written } : {}) });
    },
  };
  ingest.accept(JSON.stringify({ v: 1, k: 'hi', d: 'gb1-a', b: 'b1', t: 1, fw: '1', board: 'espruino-pico', prof: 'golf-billiards', cap: 64 }), origin);
  const reply = (q: number, deviceUs: number) => ingest.accept(JSON.stringify({ v: 1, k: 'sy', d: 'gb1-a', b: 'b1', q, t: deviceUs }), origin);
  return { sync, asked, reply, advance: (ms: number) => (clock += ms) };
}

describe('clock sync requests', () => {
  it('asks again at once when an answer comes (a pair per round), and no more until the next round', () => {
    const { sync, asked, reply, advance } = setup();
    sync.round();
    expect(asked).toHaveLength(1);
    advance(4);
    reply(asked[0]!.q, 5_000);
    expect(asked).toHaveLength(2); // the follow-up, along the path the answer just came
    advance(1);
    reply(asked[1]!.q, 10_000);
    expect(asked).toHaveLength(2);
    expect(sync.fit('gb1-a', 'b1')?.samples).toBe(2);
    advance(100);
    sync.round();
    expect(asked).toHaveLength(3);
  });

  it('starts a round trip when the link says the request left, not when it was queued', () => {
    const { sync, asked, reply, advance } = setup();
    sync.round();
    advance(3);
    asked[0]!.written?.(1003); // the serial write's thread took 3 ms to get to it
    advance(1);
    reply(asked[0]!.q, 0);
    // Sent at 1003, answered at 1004: the device read its clock at 1003.5.
    expect(sync.toHub('gb1-a', 'b1', 0)).toBeCloseTo(1003.5, 6);
  });
});
