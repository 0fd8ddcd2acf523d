import { describe, expect, it } from 'vitest';
import { firmataBoards } from './firmata-boards';
import type { VenueConfig } from '../../shared/venue';

const VENUE: VenueConfig = {
  id: 'bar',
  name: 'Bar',
  language: 'en',
  tables: [
    {
      id: 'p1',
      name: 'Pool',
      game: 'eight-ball',
      devices: [
        { id: 'p1-a', link: 'firmata', path: '/dev/ttyACM0' },
        { id: 'p1-b', link: 'firmata' },
        { id: 'p1-c', link: 'mqtt' },
      ],
    },
  ],
};
const PINS = { rail_head: 'A0', out: { pin: 'A2', pullup: true } };

describe('the --firmata boards file', () => {
  it("gives each board its port (its own, or the venue device's) and its profile read from hardware/profiles", () => {
    const boards = firmataBoards(
      [
        { device: 'p1-a', profile: 'pool', pins: PINS },
        { device: 'p1-b', path: '/dev/ttyUSB1', profile: 'pool', pins: { rail_foot: 3 }, baudRate: 115200 },
      ],
      VENUE,
    );
    expect(boards.map((b) => [b.device, b.path, b.profile.id, b.baudRate])).toEqual([
      ['p1-a', '/dev/ttyACM0', 'pool', undefined],
      ['p1-b', '/dev/ttyUSB1', 'pool', 115200],
    ]);
    expect(boards[0]!.profile.sensors.map((s) => s.id)).toContain('o1');
    expect(boards[0]!.pins).toEqual(PINS);
  });

  it('refuses with AR_CONFIG and the reason: bad shape, unknown device, not a Firmata device, no port, a port twice, unknown profile', () => {
    const refused = (data: unknown, why: RegExp) => expect(() => firmataBoards(data, VENUE)).toThrow(why);
    refused({ device: 'p1-a' }, /firmata boards: \(root\)/);
    refused([{ device: 'p1-a', profile: 'pool', pins: PINS, extra: 1 }], /firmata boards: \/0/);
    refused([{ device: 'nobody', profile: 'pool', pins: PINS }], /device nobody is not in venue bar/);
    refused([{ device: 'p1-c', profile: 'pool', pins: PINS }], /link "mqtt" in the venue, not "firmata"/);
    refused([{ device: 'p1-b', profile: 'pool', pins: PINS }], /no port path/);
    refused(
      [
        { device: 'p1-a', profile: 'pool', pins: PINS },
        { device: 'p1-b', path: '/dev/ttyACM0', profile: 'pool', pins: PINS },
      ],
      /port \/dev\/ttyACM0 is given to two boards/,
    );
    refused([{ device: 'p1-a', profile: 'no-such-profile', pins: PINS }], /profile no-such-profile/);
  });
});
