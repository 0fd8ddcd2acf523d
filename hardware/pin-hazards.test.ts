import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BoardIds, checkProfile, pinHazards, type TableProfile } from '../shared/profile';

const load = (id: string): TableProfile => JSON.parse(readFileSync(new URL(`profiles/${id}.json`, import.meta.url), 'utf8')) as TableProfile;
const TABLES = readdirSync(new URL('profiles/', import.meta.url))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -5));

/** A profile on the ESP32 only, with the given pins. */
function esp32(sensors: TableProfile['sensors'], pins: Record<string, string>, i2c?: { scl: string; sda: string }): TableProfile {
  return { id: 't', title: 't', sensors, boards: { esp32: { pins, ...(i2c ? { i2c } : {}) } } };
}

describe('ESP32 pin hazards the schema cannot see', () => {
  it('no shipped profile has one, on any board', () => {
    for (const id of TABLES) for (const b of BoardIds) expect(pinHazards(load(id), b), `${id} on ${b}`).toEqual([]);
  });

  it('D12 takes an open-collector beam receiver, nothing that can hold it high at reset', () => {
    const beam = esp32([{ id: 'k1', kind: 'pocket', pin: 'j' }], { j: 'D12' });
    expect(pinHazards(beam, 'esp32')).toEqual([]);
    // The golf-billiards wiring of an earlier version: a rail comparator module on D12.
    const piezo = esp32([{ id: 'c1', kind: 'piezo', event: 'cushion', pin: 'r' }], { r: 'D12' });
    expect(pinHazards(piezo, 'esp32')).toEqual([expect.stringContaining('c1 (piezo) on D12')]);
    // checkProfile reports it too, so the firmware build refuses the wiring.
    expect(checkProfile(piezo, 'esp32')).toEqual(pinHazards(piezo, 'esp32'));
    const colour = esp32(
      [{ id: 'g1', kind: 'beam', event: 'goal', pin: 'g', colour: { part: 'TCS34725', balls: [{ id: 'w', rgb: [1, 1, 1] }] } }],
      { g: 'D4' },
      { scl: 'D12', sda: 'D21' },
    );
    expect(pinHazards(colour, 'esp32')).toEqual([expect.stringContaining('g1 (i2c) on D12')]);
  });

  it('D0 and D2 stay free; beams stay off the input-only pins without pull-ups', () => {
    const p = esp32(
      [
        { id: 'g1', kind: 'beam', event: 'goal', pin: 'a' },
        { id: 'g2', kind: 'beam', event: 'goal', pin: 'b' },
        { id: 'o1', kind: 'beam', event: 'out', pin: 'c' },
        { id: 'b1', kind: 'piezo', event: 'contact', pin: 'd', analog: 'e' },
      ],
      { a: 'D0', b: 'D2', c: 'D36', d: 'D39', e: 'D34' },
    );
    expect(pinHazards(p, 'esp32')).toEqual([expect.stringContaining('g1 on D0'), expect.stringContaining('g2 on D2'), expect.stringContaining('o1 on D36')]);
  });

  it('with a tag reader, D4 belongs to Serial2 (the minigolf tee sat there in an earlier version)', () => {
    const sensors: TableProfile['sensors'] = [
      { id: 't1', kind: 'piezo', event: 'stroke', pin: 'tee' },
      { id: 'r1', kind: 'tag', part: 'RDM6300', pin: 'rx' },
    ];
    expect(pinHazards(esp32(sensors, { tee: 'D4', rx: 'D16' }), 'esp32')).toEqual([expect.stringContaining('t1 on D4')]);
    expect(pinHazards(esp32(sensors, { tee: 'D18', rx: 'D16' }), 'esp32')).toEqual([]);
    // Without a reader D4 is an ordinary pin.
    expect(pinHazards(esp32([sensors[0]!], { tee: 'D4' }), 'esp32')).toEqual([]);
  });

  it('only the ESP32 is checked: the STM32 boards have no such straps on their usable pins', () => {
    const p: TableProfile = {
      id: 't',
      title: 't',
      sensors: [{ id: 'c1', kind: 'piezo', event: 'cushion', pin: 'r' }],
      boards: { 'espruino-pico': { pins: { r: 'B12' } } },
    };
    expect(pinHazards(p, 'espruino-pico')).toEqual([]);
    expect(pinHazards(p, 'esp32')).toEqual([]);
  });
});
