import { afterEach, describe, expect, it, vi } from 'vitest';
import { MockBinding } from '@serialport/binding-mock';
import { SerialLink, parsePortSpec, type LinkState } from './serial';
import { Ingest } from './pipeline';
import { SqliteStore } from '../store/sqlite';
import { DEMO_VENUE } from '../../shared/venue';

const waitState = (l: SerialLink, s: LinkState) =>
  new Promise<void>((resolve) => {
    if (l.state === s) return resolve();
    const on = (x: LinkState) => {
      if (x === s) {
        l.off('state', on);
        resolve();
      }
    };
    l.on('state', on);
  });

describe('SerialLink (serialport binding-mock)', () => {
  const links: SerialLink[] = [];
  afterEach(async () => {
    for (const l of links.splice(0)) await l.close();
    MockBinding.reset();
  });

  it('finds its port by USB vendor and product id', async () => {
    MockBinding.createPort('/dev/ttyUSB7', { vendorId: '1a86', productId: '7523' });
    MockBinding.createPort('/dev/ttyACM3', { vendorId: '0483', productId: '5740' });
    const ingest = new Ingest(new SqliteStore(':memory:'), DEMO_VENUE);
    const link = new SerialLink(ingest, { usb: { vendorId: '0483', productId: '5740' }, binding: MockBinding });
    links.push(link);
    link.start();
    await waitState(link, 'online');
    expect(link.linkName).toBe('serial:usb:0483:5740');
    expect(link.openPath).toBe('/dev/ttyACM3');
  });

  it('keeps retrying with backoff while no device matches, then opens it when it appears', async () => {
    const ingest = new Ingest(new SqliteStore(':memory:'), DEMO_VENUE);
    const link = new SerialLink(ingest, { usb: { vendorId: '0483' }, binding: MockBinding, backoffMinMs: 10, backoffMaxMs: 20 });
    links.push(link);
    const seen: string[] = [];
    link.on('state', (s, why) => seen.push(`${s}${why ? `: ${why}` : ''}`));
    link.start();
    await new Promise((r) => setTimeout(r, 60));
    expect(link.state).toBe('connecting');
    MockBinding.createPort('/dev/ttyACM0', { vendorId: '0483', productId: '5740' });
    await waitState(link, 'online');
    expect(seen.at(-1)).toBe('online');
  });

  it('refuses options without a path or a USB match at once', () => {
    const ingest = new Ingest(new SqliteStore(':memory:'), DEMO_VENUE);
    expect(() => new SerialLink(ingest, {})).toThrow(TypeError);
  });
});

describe('parsePortSpec (command line and venue file)', () => {
  it('reads a path, or a USB vendor id with an optional product id and serial number', () => {
    expect(parsePortSpec('/dev/ttyACM0')).toEqual({ path: '/dev/ttyACM0' });
    expect(parsePortSpec('usb:0483')).toEqual({ usb: { vendorId: '0483' } });
    expect(parsePortSpec('usb:0483:5740')).toEqual({ usb: { vendorId: '0483', productId: '5740' } });
    expect(parsePortSpec('usb:1A86:7523:A5:B6')).toEqual({ usb: { vendorId: '1A86', productId: '7523', serialNumber: 'A5:B6' } });
  });

  it('refuses a malformed USB match with AR_CONFIG', () => {
    for (const bad of ['usb:', 'usb:483', 'usb:0483:57', 'usb:zzzz:5740']) expect(() => parsePortSpec(bad), bad).toThrow(/AR_CONFIG|expected usb:/);
  });
});

describe('SerialLink backoff', () => {
  afterEach(() => {
    vi.useRealTimers();
    MockBinding.reset();
  });

  it('waits twice as long after each failed open, up to the longest wait, and starts again from the shortest once open', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const opens: number[] = [];
    // The mock's typings leave out the binding's own methods; every open attempt goes through this one.
    const binding = MockBinding as unknown as { open(o: unknown): Promise<unknown> };
    const open = binding.open.bind(binding);
    vi.spyOn(binding, 'open').mockImplementation((o) => {
      opens.push(Date.now());
      return open(o);
    });
    const ingest = new Ingest(new SqliteStore(':memory:'), DEMO_VENUE);
    const link = new SerialLink(ingest, { path: '/dev/ttyACM5', binding: MockBinding, backoffMinMs: 100, backoffMaxMs: 800 });
    const t0 = Date.now();
    link.start();
    await vi.advanceTimersByTimeAsync(100 + 200 + 400 + 800 + 800 + 50);
    expect(opens.map((t) => t - t0)).toEqual([0, 100, 300, 700, 1500, 2300]);
    expect(link.state).toBe('connecting');
    MockBinding.createPort('/dev/ttyACM5');
    await vi.advanceTimersByTimeAsync(800);
    expect(link.state).toBe('online');
    // The cable goes: the next waits start again from the shortest.
    opens.length = 0;
    const t1 = Date.now();
    MockBinding.reset();
    (link as unknown as { port: { emit(e: 'close'): void } }).port.emit('close');
    expect(link.state).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(100 + 200 + 50);
    expect(opens.map((t) => t - t1)).toEqual([100, 300]);
    await link.close();
  });
});
