/**
 * The calibration API with a table that has acoustic sensors (carom-acoustic), through inject():
 * the acoustic step comes last with its points, its knocks go in through the real ingest (the
 * simulator's calibration session), ending it gives the speeds, delays and error in the session
 * view, and applying stores them in the calibration file, from which layoutFor gives the layout.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHub, type Hub } from '../app';
import type { VenueConfig } from '../../shared/venue';
import type { CalibrationRecord, SessionView } from '../../shared/api/calibration';
import type { CalibrationFile } from '../calibration/file';
import { layoutFor } from '../acoustic/layout';
import { CAROM_ACOUSTIC, nominal } from '../acoustic/testkit';
import { calibrationKnocks } from '../../sim/signals/calibration-knocks';
import { acousticTable } from '../../sim/signals/waves';
import { BAR_NOISE } from '../../sim/signals/signals';

const venue: VenueConfig = {
  id: 'acoustic',
  name: 'Acoustic',
  language: 'en',
  tables: [{ id: 'ca1', name: 'Carom 1', game: 'three-cushion', devices: [{ id: 'ca1-a', link: 'serial', profile: 'carom-acoustic' }] }],
};
const dir = mkdtempSync(path.join(tmpdir(), 'autoref-calacoustic-'));
const file = path.join(dir, 'acoustic.calibration.json');
const origin = { link: 'test', send: () => undefined };
let hub: Hub;

beforeAll(async () => {
  hub = await buildHub({ venue, storePath: ':memory:', calibrationFile: file });
});
afterAll(() => hub.close());

type Reply = { session: SessionView };
const post = async (url: string) => hub.app.inject({ method: 'POST', url });

describe('calibration API: the acoustic step', () => {
  it('walks to the acoustic step, takes the knocks, shows and stores what they gave', async () => {
    let r = (await hub.app.inject({ method: 'POST', url: '/api/calibration/sessions', payload: { table: 'ca1' } })).json<Reply>();
    const id = r.session.id;
    const last = r.session.steps[r.session.steps.length - 1]!;
    expect(last).toMatchObject({ id: 'acoustic', kind: 'acoustic', count: 41, acoustic: { heard: 0, result: null } });
    expect(last.points!.map((p) => p.id).slice(0, 3)).toEqual(['n1', 'n2', 'n3']);
    while (r.session.current < r.session.steps.length - 1) r = (await post(`/api/calibration/sessions/${id}/next`)).json<Reply>();

    const layout = nominal();
    const table = acousticTable(layout, 6);
    const run = calibrationKnocks(layout, table, { profile: CAROM_ACOUSTIC, noise: BAR_NOISE, seed: 6 });
    const slate = new Set(['b1', 'b2', 'b3', 'b4']);
    [...run.arrivals]
      .sort((a, b) => a.us - b.us)
      .forEach((a, i) =>
        hub.ingest.accept(
          JSON.stringify({ v: 1, k: 'ev', d: 'ca1-a', b: 'boot1', n: i + 1, t: a.us + 1_000_000, e: slate.has(a.sensor) ? 'contact' : 'cushion', s: a.sensor }),
          origin,
        ),
      );
    await hub.ingest.idle();
    r = (await hub.app.inject({ url: `/api/calibration/sessions/${id}` })).json<Reply>();
    // Every knock, but one a rail sensor may have missed (the bar's noise misses 1 arrival in 200).
    expect(r.session.steps[r.session.current]!.acoustic!.heard).toBeGreaterThanOrEqual(run.knocks.length - 1);
    expect(r.session.steps[r.session.current]!.acoustic!.result).toBeNull();

    r = (await post(`/api/calibration/sessions/${id}/next`)).json<Reply>();
    expect(r.session.done).toBe(true);
    const result = r.session.steps[r.session.steps.length - 1]!.acoustic!.result!;
    expect(Math.abs(result.railSpeed / table.railSpeed - 1)).toBeLessThan(0.08);
    expect(Math.abs(result.slateSpeed / table.slateSpeed - 1)).toBeLessThan(0.06);
    expect(result.error.n).toBeGreaterThanOrEqual(39);
    // A knock lost to the bar's noise is named.
    for (const w of result.warnings) expect(w).toMatch(/^1 of 41 points not heard: [a-z]+\d+$/);

    const applied = (await post(`/api/calibration/sessions/${id}/apply`)).json<{ record: CalibrationRecord }>();
    expect(applied.record.acoustic).toEqual(result);
    const onDisk = JSON.parse(readFileSync(file, 'utf8')) as CalibrationFile;
    expect(onDisk.devices['ca1-a']!.acoustic).toEqual(result);
    const l = layoutFor(CAROM_ACOUSTIC, onDisk.devices['ca1-a'])!;
    expect(l).toMatchObject({ railSpeed: result.railSpeed, slateSpeed: result.slateSpeed, delaysUs: result.delaysUs, source: { kind: 'calibrated' } });

    const info = (await hub.app.inject({ url: '/api/calibration/tables/ca1' })).json<{ devices: { calibration: CalibrationRecord | null }[] }>();
    expect(info.devices[0]!.calibration!.acoustic).toEqual(result);
  });
});
