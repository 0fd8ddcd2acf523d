import { afterEach, describe, expect, it } from 'vitest';
import { MockBinding } from '@serialport/binding-mock';
import { SerialLink, type LinkState } from './serial';
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
