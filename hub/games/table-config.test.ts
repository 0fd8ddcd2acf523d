/**
 * The engine options a table's devices imply: a pool table without a contact sensor starts its
 * matches with `contactSensor: false` (else every shot was PB-SHOT-1, decided without asking); a
 * bumper-pool table's goals are its goal beams' places (else every goal was refused, `unknown-goal`).
 */
import { describe, expect, it } from 'vitest';
import { MatchManager } from './matches';
import { profilesFrom, sensorConfig, startConfig, type ProfileLookup } from './table-config';
import { SqliteStore } from '../store/sqlite';
import { DEMO_VENUE, type TableConfig, type VenueConfig } from '../../shared/venue';
import type { TableProfile } from '../../shared/profile';
import type { GameEvent } from '../../shared/game/events';
import type { PoolReport } from '../../shared/reports/pool';

const disk = profilesFrom();
const pool = disk('pool')!;
/** The pool profile with a bed sensor added (a piezo under the cloth that hears ball contacts). */
const poolWithBed: TableProfile = { ...pool, id: 'pool-bed', sensors: [...pool.sensors, { id: 'b1', kind: 'piezo', event: 'contact', pin: 'bed' }] };
const lookup: ProfileLookup = (id) => (id === 'pool-bed' ? poolWithBed : disk(id));

const table = (game: TableConfig['game'], ...profiles: (string | undefined)[]): TableConfig => ({
  id: 't1',
  name: 'T',
  game,
  devices: profiles.map((p, i) => ({ id: `t1-${i}`, link: 'mqtt' as const, ...(p === undefined ? {} : { profile: p }) })),
});

const players = [
  { id: 'A', name: 'Ayşe' },
  { id: 'B', name: 'Noam' },
];

describe('engine options from the table profile', () => {
  it('reads the profiles of hardware/profiles; an unknown id is undefined', () => {
    expect(pool.sensors.some((s) => s.kind === 'piezo' && s.event === 'contact')).toBe(false);
    expect(disk('carom')!.sensors.some((s) => s.kind === 'piezo' && s.event === 'contact')).toBe(true);
    expect(disk('no-such-profile')).toBeUndefined();
    expect(disk('../package')).toBeUndefined();
  });

  it('a pocket game on a table without a contact sensor gets contactSensor: false', () => {
    const demoPool = DEMO_VENUE.tables.find((t) => t.id === 'p1')!;
    expect(demoPool).toMatchObject({ game: 'eight-ball', devices: [{ profile: 'pool' }] });
    expect(sensorConfig(demoPool, players, disk)).toEqual({ contactSensor: false });
    expect(sensorConfig(table('nine-ball', 'pool'), players, disk)).toEqual({ contactSensor: false });
    // A device without a profile says nothing; the profiled one decides.
    expect(sensorConfig(table('nine-ball', 'pool', undefined), players, disk)).toEqual({ contactSensor: false });
  });

  it('keeps the default with a contact sensor, with an unknown profile, without any profile', () => {
    expect(sensorConfig(table('nine-ball', 'pool-bed'), players, lookup)).toEqual({});
    expect(sensorConfig(table('eight-ball', 'pool', 'pool-bed'), players, lookup)).toEqual({});
    expect(sensorConfig(table('eight-ball', 'pool', 'custom-pool'), players, lookup)).toEqual({});
    expect(sensorConfig(table('eight-ball', undefined), players, lookup)).toEqual({});
    expect(sensorConfig(table('eight-ball'), players, lookup)).toEqual({});
  });

  it('carom and minigolf get nothing, whatever their sensors', () => {
    for (const t of DEMO_VENUE.tables.filter((x) => x.game === 'three-cushion' || x.game === 'minigolf'))
      expect(sensorConfig(t, players, disk), t.game).toEqual({});
    expect(sensorConfig(table('three-cushion', 'pool'), players, disk)).toEqual({});
  });

  it('golf billiards: the goal beams are the goals and the colour sensor names the balls, side by side in profile order', () => {
    // hardware/profiles/golf-billiards.json: goal g1 at place "a" (colour sensor: white, red), g2 at "b";
    // the bumper bus k1 (a cushion piezo at place "bumper").
    const expected = { goals: { A: 'a', B: 'b' }, colours: { A: 'white', B: 'red' }, bumperSensor: true };
    expect(sensorConfig(table('golf-billiards', 'golf-billiards'), players, disk)).toEqual(expected);
    // Sides named by the players (the phone's doubles: 1 and 3 against 2 and 4) keep their order.
    const doubles = [
      { id: 'p1', name: 'a', side: 'A' },
      { id: 'p2', name: 'b', side: 'B' },
      { id: 'p3', name: 'c', side: 'A' },
      { id: 'p4', name: 'd', side: 'B' },
    ];
    expect(sensorConfig(table('golf-billiards', 'golf-billiards'), doubles, disk)).toEqual(expected);
    const ns = [
      { id: 'x', name: 'x', side: 'N' },
      { id: 'y', name: 'y', side: 'S' },
    ];
    expect(sensorConfig(table('golf-billiards', 'golf-billiards'), ns, disk)).toEqual({
      goals: { N: 'a', S: 'b' },
      colours: { N: 'white', S: 'red' },
      bumperSensor: true,
    });
    // Two devices with the same profile: the same two goals.
    expect(sensorConfig(table('golf-billiards', 'golf-billiards', 'golf-billiards'), players, disk)).toEqual(expected);
    // No goal beams (a pool profile on the table), no sides to give them to: the engine's defaults.
    expect(sensorConfig(table('golf-billiards', 'pool'), players, disk)).toEqual({});
    expect(sensorConfig(table('golf-billiards', 'golf-billiards'), [{ id: 'solo', name: 'Solo' }], disk)).toEqual({});
  });

  it('an explicit option wins; no option and nothing derived: no config', () => {
    const t = table('nine-ball', 'pool');
    expect(startConfig(t, players, undefined, disk)).toEqual({ contactSensor: false });
    expect(startConfig(t, players, { raceTo: 3 }, disk)).toEqual({ contactSensor: false, raceTo: 3 });
    expect(startConfig(t, players, { contactSensor: true }, disk)).toEqual({ contactSensor: true });
    expect(startConfig(table('three-cushion', 'carom'), players, undefined, disk)).toBeUndefined();
    expect(startConfig(table('three-cushion', 'carom'), players, { distance: 15 }, disk)).toEqual({ distance: 15 });
  });
});

describe('MatchManager: a match starts with the options its table implies', () => {
  const venue: VenueConfig = {
    ...DEMO_VENUE,
    tables: [...DEMO_VENUE.tables, { id: 'p2', name: 'Pool 2', game: 'nine-ball', devices: [{ id: 'p2-a', link: 'mqtt', profile: 'pool-bed' }] }],
  };
  const setup = () => {
    const store = new SqliteStore(':memory:');
    let clock = 1_000;
    return { store, m: new MatchManager(store, venue, () => clock++, lookup) };
  };
  const startOf = async (store: SqliteStore, id: string): Promise<GameEvent> => (await store.gameEvents(id))[0]!;
  const reportOf = (m: MatchManager, t: string) => m.current(t)!.engine.report(m.current(t)!.state) as PoolReport;
  const configOf = (m: MatchManager, t: string) => reportOf(m, t).config;
  const rejectedOf = (m: MatchManager, t: string) => (reportOf(m, t) as { rejected: unknown[] }).rejected;

  it("the demo venue's pool table (profile pool): contactSensor false, in the logged start event", async () => {
    const { store, m } = setup();
    const rec = await m.start('p1', players, undefined);
    expect(await startOf(store, rec.id)).toMatchObject({ type: 'start', config: { contactSensor: false } });
    expect(configOf(m, 'p1').contactSensor).toBe(false);
    expect(rejectedOf(m, 'p1')).toEqual([]);
    // The break pockets the 3; the next shot is heard as a cushion only: its first contact is asked
    // (with the default, PB-SHOT-1 "no contact" was decided without asking).
    for (const e of [
      { type: 'strike', by: 'hub' },
      { type: 'pocket', by: 'sensor', pocket: 'bl', captured: true, ball: '3' },
      { type: 'at_rest', by: 'hub' },
      { type: 'strike', by: 'hub' },
      { type: 'cushion', by: 'sensor', cushion: 'foot' },
      { type: 'at_rest', by: 'hub' },
    ] as const)
      await m.sensor('p1', { ...e, t: 2_000 + (await store.gameEvents(rec.id)).length * 500 } as GameEvent);
    expect(m.summaryOf('p1')!.pending.map((d) => d.kind)).toEqual(['pocket.first-contact']);
    expect(m.summaryOf('p1')!.pending[0]!.options.map((o) => o.value)).toContain('none');
  });

  it('a pool table with a contact sensor keeps the default (true)', async () => {
    const { store, m } = setup();
    const rec = await m.start('p2', players, undefined);
    expect((await startOf(store, rec.id)) as { config?: unknown }).not.toHaveProperty('config');
    expect(configOf(m, 'p2').contactSensor).toBe(true);
  });

  it('an explicit config given at the start wins', async () => {
    const { store, m } = setup();
    const rec = await m.start('p1', players, { contactSensor: true, raceTo: 2 });
    expect((await startOf(store, rec.id)) as { config?: unknown }).toMatchObject({ config: { contactSensor: true, raceTo: 2 } });
    expect(configOf(m, 'p1')).toMatchObject({ contactSensor: true, raceTo: 2 });
    expect(rejectedOf(m, 'p1')).toEqual([]);
  });

  it('golf billiards starts with the goals of its profile, logged in the start event', async () => {
    const { store, m } = setup();
    const sides = [
      { id: 'A', name: 'Ayşe', side: 'A' },
      { id: 'B', name: 'Noam', side: 'B' },
    ];
    const rec = await m.start('gb1', sides, undefined);
    expect(await startOf(store, rec.id)).toMatchObject({ config: { goals: { A: 'a', B: 'b' }, colours: { A: 'white', B: 'red' } } });
    // The firmware's goal at "a" with the red ball (B's colour) in the opening stroke: Noam's goal.
    for (const e of [
      { type: 'strike', by: 'hub' },
      { type: 'goal', by: 'sensor', goal: 'a', ball: 'red' },
      { type: 'at_rest', by: 'hub' },
    ] as const) {
      await m.sensor('gb1', { ...e, t: 2_000 + (await store.gameEvents(rec.id)).length * 500 } as GameEvent);
    }
    expect(m.summaryOf('gb1')!.players.map((p) => p.score)).toEqual([0, 1]);
    expect(rejectedOf(m, 'gb1')).toEqual([]);
  });

  it('carom and minigolf start with their config untouched (nothing ignored)', async () => {
    const { store, m } = setup();
    for (const [t, cfg] of [
      ['c1', { distance: 15 }],
      ['mg1', undefined],
    ] as const) {
      const rec = await m.start(t, players, cfg);
      const start = (await startOf(store, rec.id)) as { config?: unknown };
      if (cfg) expect(start.config).toEqual(cfg);
      else expect(start).not.toHaveProperty('config');
      expect(rejectedOf(m, t), t).toEqual([]);
    }
  });
});
