/**
 * The tracker through the real path (issue #26): break shots of three-cushion played by the
 * simulator's physics -> the acoustic table's signals with bar noise (sim/signals/waves.ts) -> the
 * real firmware bundle of the carom-acoustic profile on the simulated board -> the hub's shot
 * assembler with the table's localiser (calibrated as the staff would: bench/automation/acoustic.ts)
 * and tracker (hub/tracker/hooks.ts) -> the `track` event. Its first reading must name the truth's
 * cushions and contacts, and give the truth's outcome (C3-POINT-1: point or miss), on a fixed set
 * of shots: 24 directions from the break, soft and firm.
 */
import { describe, expect, it } from 'vitest';
import { CAROM, caromBreak } from '../../sim/physics/tables';
import { newBalls, playShot } from '../../sim/physics/world';
import { BAR_NOISE, signalsFor } from '../../sim/signals/signals';
import { FirmwareTable } from '../../sim/signals/firmware';
import { caromTruth } from '../../sim/players/truth';
import { ShotAssembler, assemblerFor, type AssembledInput } from '../../hub/games/assembler';
import { acousticHooks } from '../../hub/tracker/hooks';
import { saidOf } from '../../hub/tracker/testkit';
import { calibratedTable } from '../../bench/automation/acoustic';
import { VirtualTimers } from '../../bench/automation/chain';
import type { StoredDeviceEvent } from '../../hub/store/types';
import type { TableConfig } from '../../shared/venue';
import type { GameEventOf } from '../../shared/game/events';
import type { CaromReport } from '../../shared/reports/carom';

const SEED = 20261207;

describe('tracker chain: simulated table -> firmware -> localiser -> tracker (issue #26)', () => {
  it('C3-POINT-1: the first reading names what happened, and its outcome is the truth, on a fixed set of break shots', () => {
    const cal = calibratedTable('carom-acoustic', SEED, BAR_NOISE)!;
    const fw = new FirmwareTable({ profile: 'carom-acoustic', device: 'ca-a', table: 't1' });
    const timers = new VirtualTimers();
    // The match as the tracker asks it: A opens with the white, at the break.
    const report = {
      status: 'playing',
      opening: true,
      turn: { cueBall: 'W' },
      config: { balls: { white: 'W', yellow: 'Y', red: 'R', maroon: 'M' } },
      game: 'three-cushion',
    } as unknown as CaromReport;
    const hooks = acousticHooks(
      { id: 't1', game: 'three-cushion', devices: [{ id: 'ca-a', profile: 'carom-acoustic' }] } as unknown as TableConfig,
      (id) => (id === 'carom-acoustic' ? fw.profile : undefined),
      () => report,
      () => cal.layout,
    )!;
    const tracks: GameEventOf<'track'>[] = [];
    const assembler = new ShotAssembler(
      { ...assemblerFor('three-cushion'), acoustic: hooks },
      (x: AssembledInput) => x.kind === 'event' && x.event.type === 'track' && tracks.push(x.event),
      timers,
    );
    let eventsRight = 0;
    let outcomesRight = 0;
    const shots = 48;
    for (let i = 0; i < shots; i++) {
      const balls = newBalls(caromBreak());
      const played = playShot(CAROM, balls, { ball: 'W', angle: (i * 2 * Math.PI) / 24 + 0.05, speed: i % 2 === 0 ? 1.8 : 3.2 }, i + 1);
      const sig = signalsFor(CAROM, fw.profile, played.events, { noise: BAR_NOISE, seed: SEED + i, acoustic: cal.table });
      const t0 = timers.now() + 500;
      timers.advance(t0);
      const boardUs = fw.run.board.us;
      for (const e of fw.play(sig.edges, sig.durationUs)) {
        const at = t0 + (e.t - boardUs) / 1000;
        timers.advance(Math.max(timers.now(), at));
        assembler.push({ event: e, at, link: 'sim', hubT: at } as unknown as StoredDeviceEvent);
      }
      const before = tracks.length;
      timers.advance(t0 + played.duration * 1000 + 5000);
      const said = played.events.flatMap((e) =>
        e.type === 'cushion' && e.sensed ? [`${e.ball}→${e.place[0]}`] : e.type === 'contact' ? [`${e.a}×${e.b}`] : [],
      );
      const track = tracks.length > before ? tracks.at(-1)! : undefined;
      const reading = track?.readings[0]?.events ?? [];
      if (saidOf(reading, said).join(' ') === said.join(' ')) eventsRight++;
      const truth = caromTruth('three-cushion', played.events, 'W').code;
      const read = caromTruth(
        'three-cushion',
        reading.map((e) =>
          e.type === 'cushion'
            ? { type: 'cushion', t: 0, ball: e.ball, place: e.cushion, speed: 1, sensed: true }
            : { type: 'contact', t: 0, a: e.a, b: e.b, speed: 1, x: 0, y: 0 },
        ) as never,
        'W',
      ).code;
      if (read === truth) outcomesRight++;
    }
    fw.stop();
    console.log(
      `tracker chain: ${eventsRight}/${shots} readings equal the truth, ${outcomesRight}/${shots} outcomes; calibration rail ${JSON.stringify(cal.result.error.rail)}, slate ${JSON.stringify(cal.result.error.slate)}`,
    );
    expect(outcomesRight).toBeGreaterThanOrEqual(shots - 2);
    expect(eventsRight).toBeGreaterThanOrEqual(Math.floor(shots * 0.75));
  }, 120_000);
});
