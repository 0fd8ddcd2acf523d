import { describe, expect, it } from 'vitest';
import { IDS_LABELS, IDS_NONE, IDS_TAGS, NONE, ringAck, ringNew, ringPending, ringPush, ringSlot } from './ring';

describe('event ring buffer', () => {
  it('numbers events from 1 and keeps them until acknowledged', () => {
    const r = ringNew(4, IDS_NONE);
    ringPush(r, 1, 10, 0, 0, 500);
    ringPush(r, 2, 20, 1, 1, 7);
    expect(ringPending(r)).toBe(2);
    expect(r.next - 1).toBe(2);
    const s = ringSlot(r, 2);
    expect([r.sec[s], r.us[s], r.ty[s], r.se[s], r.v[s]]).toEqual([2, 20, 1, 1, 7]);
    expect(ringAck(r, 1)).toBe(true);
    expect(r.first).toBe(2);
    expect(ringAck(r, 1)).toBe(false);
    expect(ringAck(r, 99)).toBe(true);
    expect(ringPending(r)).toBe(0);
    expect(r.first).toBe(r.next);
  });

  it('drops the oldest when full and counts the loss', () => {
    const r = ringNew(4, IDS_NONE);
    for (let i = 1; i <= 10; i++) ringPush(r, i, 0, 0, 0, NONE);
    expect(ringPending(r)).toBe(4);
    expect(r.first).toBe(7);
    expect(r.lost).toBe(6);
    expect(r.sec[ringSlot(r, 7)]).toBe(7);
    expect(r.sec[ringSlot(r, 10)]).toBe(10);
  });

  it('keeps no object per event: only typed arrays of fixed size', () => {
    const r = ringNew(8, IDS_TAGS);
    const before = JSON.stringify(Object.keys(r));
    for (let i = 0; i < 100; i++) ringPush(r, i, i, 0, 0, i);
    expect(JSON.stringify(Object.keys(r))).toBe(before);
    for (const k of ['sec', 'us', 'ty', 'se', 'v', 'ol'] as const) expect(r[k].length).toBe(8);
    expect(r.ob.length).toBe(64);
  });

  it('keeps identity bytes only where the profile names balls: tag bytes, colour labels, or none (RAM on a Pico)', () => {
    expect([ringNew(128, IDS_TAGS).ol.length, ringNew(128, IDS_TAGS).ob.length]).toEqual([128, 1024]);
    expect([ringNew(128, IDS_LABELS).ol.length, ringNew(128, IDS_LABELS).ob.length]).toEqual([128, 0]);
    expect([ringNew(128, IDS_NONE).ol.length, ringNew(128, IDS_NONE).ob.length]).toEqual([0, 0]);
    const bytes = (r: ReturnType<typeof ringNew>): number => Object.values(r).reduce((n: number, a) => n + (ArrayBuffer.isView(a) ? a.byteLength : 0), 0);
    // 14 bytes per event without identities (was 27 with a width and a magnitude each, and 9 identity bytes).
    expect(bytes(ringNew(128, IDS_NONE))).toBe(128 * 14);
  });
});
