import { afterEach, describe, expect, it, vi } from 'vitest';
import { SimDevice, type Transport } from './device';
import type { DeviceMessage, HubCommand } from '../shared/protocol/schema';

function fakeTransport() {
  const sent: DeviceMessage[] = [];
  let toDevice: (cmd: HubCommand) => void = () => {};
  const t: Transport = { send: (m) => sent.push(m), onCommand: (cb) => (toDevice = cb), close: async () => {} };
  return { t, sent, hub: (cmd: HubCommand) => toDevice(cmd) };
}

describe('SimDevice resends like the firmware', () => {
  afterEach(() => vi.useRealTimers());

  it('sends every unacknowledged event again after 2 s without an ack, then after 4 s, and stops once acknowledged', () => {
    vi.useFakeTimers();
    const { t, sent, hub } = fakeTransport();
    const d = new SimDevice('gb1-a', t, 'b1');
    d.emit({ e: 'goal', s: 'g1' });
    d.emit({ e: 'goal', s: 'g1' });
    const seqs = () => sent.map((m) => (m.k === 'ev' ? m.n : -1));
    vi.advanceTimersByTime(1999);
    expect(seqs()).toEqual([1, 2]);
    vi.advanceTimersByTime(1);
    expect(seqs()).toEqual([1, 2, 1, 2]);
    vi.advanceTimersByTime(3999);
    expect(seqs()).toEqual([1, 2, 1, 2]);
    vi.advanceTimersByTime(1);
    expect(seqs()).toEqual([1, 2, 1, 2, 1, 2]);
    // The ack for 1 is progress: the wait is 2 s again, and only 2 is left.
    hub({ v: 1, k: 'ack', b: 'b1', n: 1 });
    vi.advanceTimersByTime(2000);
    expect(seqs()).toEqual([1, 2, 1, 2, 1, 2, 2]);
    hub({ v: 1, k: 'ack', b: 'b1', n: 2 });
    vi.advanceTimersByTime(60_000);
    expect(seqs()).toHaveLength(7);
    expect(d.pending).toBe(0);
  });
});
