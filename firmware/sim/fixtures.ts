/**
 * A test bench profile with one sensor of every kind, wired for the Espruino Pico (USB serial)
 * and the ESP32 (MQTT), and helpers to drive it. Used by the firmware tests and the benchmark.
 */
import type { TableProfile } from '../../shared/profile';
import type { SimBoard } from './board';

export const BENCH_PROFILE: TableProfile = {
  id: 'test-bench',
  title: 'Every sensor kind once',
  sensors: [
    {
      id: 'g1',
      kind: 'beam',
      event: 'goal',
      place: 'a',
      pin: 'goal',
      colour: {
        part: 'TCS34725',
        balls: [
          { id: 'white', rgb: [900, 900, 880] },
          { id: 'red', rgb: [1400, 420, 380] },
        ],
      },
    },
    { id: 'k1', kind: 'pocket', place: 'tl', pin: 'jaw', drop: 'drop', captureMs: 500 },
    { id: 'c1', kind: 'piezo', event: 'cushion', place: 'n', pin: 'rail_n', analog: 'lvl', silentAfter: 3, noisyPerS: 5 },
    { id: 'c2', kind: 'piezo', event: 'cushion', place: 's', pin: 'rail_s' },
    { id: 'r1', kind: 'tag', part: 'RDM6300', place: 'cup', pin: 'tag_rx' },
    { id: 'h1', kind: 'beam', event: 'hole', place: 'cup', pin: 'cup', tag: 'r1' },
  ],
  boards: {
    'espruino-pico': {
      pins: { goal: 'B3', jaw: 'A0', drop: 'A1', rail_n: 'A5', lvl: 'A6', rail_s: 'A8', tag_rx: 'A3', cup: 'B4' },
      i2c: { scl: 'B6', sda: 'B7' },
      bufferEvents: 8,
    },
    esp32: {
      pins: { goal: 'D25', jaw: 'D5', drop: 'D12', rail_n: 'D13', lvl: 'D34', rail_s: 'D14', tag_rx: 'D16', cup: 'D15' },
      i2c: { scl: 'D22', sda: 'D21' },
      bufferEvents: 8,
    },
  },
};

/** Pins of BENCH_PROFILE per board, by logical name. */
export function benchPins(board: 'espruino-pico' | 'esp32'): Record<string, string> {
  return BENCH_PROFILE.boards[board]!.pins;
}

/** A ball through an active-low beam: blocked for `us` µs, then clear and debounced. */
export function ball(b: SimBoard, pin: string, us: number): void {
  b.set(pin, 0);
  b.advance(us / 1000);
  b.set(pin, 1);
  b.advance(2);
}

/** A comparator pulse (active high) of 100 µs. */
export function hit(b: SimBoard, pin: string): void {
  b.set(pin, 1);
  b.advance(0.1);
  b.set(pin, 0);
}

/** `profile` with its tag reader changed to another part (e.g. the PN532 instead of the RDM6300). */
export function withTagPart(profile: TableProfile, part: 'RDM6300' | 'PN532'): TableProfile {
  return { ...profile, sensors: profile.sensors.map((s) => (s.kind === 'tag' ? { ...s, part } : s)) };
}

/** An RDM6300 frame for a 5-byte tag id (10 hex digits) with its checksum. */
export function rdm6300Frame(hex10: string): string {
  let x = 0;
  for (let i = 0; i < 10; i += 2) x ^= parseInt(hex10.slice(i, i + 2), 16);
  return '\x02' + hex10.toUpperCase() + x.toString(16).padStart(2, '0').toUpperCase() + '\x03';
}
