import { describe, expect, it } from 'vitest';
import { foldStatus, isSilent, SILENT_MS } from './store';
import type { DeviceRow } from './types';

describe('the live link', () => {
  it("a socket silent for longer than three of the hub's 5 s ticks counts as dead; one that ticks does not", () => {
    expect(SILENT_MS).toBe(15_000);
    expect(isSilent(1_000, 1_000 + 14_999)).toBe(false);
    expect(isSilent(1_000, 1_000 + 15_001)).toBe(true);
  });
});

describe('device rows from the stream', () => {
  it('a heartbeat updates the buffer use and keeps the faults a status reported', () => {
    const d = { id: 'gb1-a', state: 'online', faults: [] } as unknown as DeviceRow;
    foldStatus(d, { k: 'st', state: 'online', f: [{ s: 'g1', fault: 'stuck' }], q: 1, cap: 64 } as never);
    foldStatus(d, { k: 'hb', q: 9 } as never);
    expect(d).toMatchObject({ state: 'online', buffered: 9, capacity: 64, faults: [{ s: 'g1', fault: 'stuck' }] });
  });
});
