/**
 * The firmware's cost per edge on the real Espruino interpreter (bench/firmware.ts): a beam's
 * edges at 500 and 2,000 edges/s of the board's (virtual) time on each board-sized build, the
 * wall time the interpreter takes for them, less what the same edges cost the harness with the
 * firmware's watches taken away. A PC core runs the Linux build many times faster than a
 * board's CPU: the figures compare bundles and rates, they are not a board's timings.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BoardIds, type BoardId, type TableProfile } from '../../../shared/profile';
import { buildFirmware } from '../../build/build';
import { mqttHub, type MqttHub } from '../mqtt-hub';
import { runScenario, type Step } from '../scenario';
import { interpreterSerialHub } from './control';
import { upload } from './drive';
import { findInterpreters } from './interpreter';

/** One beam, no debounce; a pulse of 100 µs or more is a ball (2,000 edges/s: 500 µs pulses). */
const EDGE_PROFILE: TableProfile = {
  id: 'bench-edge',
  title: 'Benchmark: one beam',
  sensors: [{ id: 'g1', kind: 'beam', event: 'goal', place: 'a', pin: 'a', minWidthUs: 100, debounceMs: 0 }],
  boards: { 'espruino-pico': { pins: { a: 'B3' } }, 'espruino-wifi': { pins: { a: 'B3' } }, esp32: { pins: { a: 'D4' } } },
};

const EDGES = 1000;

export interface InterpreterEdgeCost {
  board: BoardId;
  edges_per_s: number;
  edges: number;
  /** Wall time per edge on the interpreter: everything, and the firmware's share. */
  us_per_edge_total: number;
  us_per_edge_firmware: number;
  /** Pulses seen by the hub as events (each exactly once by sequence number). */
  events: number;
  lost: number;
  /** The edge rate at which this build's interpreter, on this machine, would have no time left. */
  max_edges_per_s_cpu: number;
}

/** Steps for `n` edges at `rate` edges/s: blocked, clear, each for 1/rate s. */
function edges(pin: string, n: number, rate: number): Step[] {
  const ms = 1000 / rate;
  const out: Step[] = [];
  for (let i = 0; i < n / 2; i++) out.push({ t: 'set', pin, level: 0 }, { t: 'adv', ms }, { t: 'set', pin, level: 1 }, { t: 'adv', ms });
  return out;
}

export async function interpreterEdgeCost(mqttUrl: string): Promise<InterpreterEdgeCost[] | { skipped: string }> {
  const found = findInterpreters();
  if ('skip' in found) return { skipped: found.skip };
  const root = mkdtempSync(path.join(tmpdir(), 'autoref-interp-bench-'));
  const broker = new URL(mqttUrl);
  const rows: InterpreterEdgeCost[] = [];
  try {
    for (const board of BoardIds) {
      const device = `bench-${board}`;
      const venue = `bench-${Date.now().toString(36)}`;
      const b = buildFirmware({ profile: EDGE_PROFILE, board, device, table: 't1' });
      // With WiFi to join (the harness's joins on the virtual clock) the board connects only
      // once the scenario starts, after the hub side has subscribed.
      const local = { venue, mqHost: broker.hostname, mqPort: Number(broker.port || 1883), ssid: 'bench', pass: 'bench' };
      const up = await upload(found.board(board), path.join(root, board), b, local);
      let mq: MqttHub | null = null;
      try {
        const serial = b.cfg.link === 'serial';
        mq = serial ? null : await mqttHub(mqttUrl, venue, 't1', device);
        const hub = mq ?? interpreterSerialHub(up.board, up.control);
        await runScenario([{ t: 'adv', ms: 100 }, { t: 'link' }], up.driver, hub, serial);
        const pin = EDGE_PROFILE.boards[board]!.pins['a']!;
        for (const rate of [500, 2000]) {
          const seen = (): Set<number> =>
            new Set(
              hub
                .lines()
                .filter((l) => l.includes('"k":"ev"'))
                .map((l) => Number(/"n":(\d+)/.exec(l)![1])),
            );
          const before = seen().size;
          const steps = edges(pin, EDGES, rate);
          // 100 pulses at a time, timed; between them (not timed) the link sends what waits (on
          // the MQTT boards unsent data sits in the socket's buffer in JsVars).
          let q = rate * 10;
          const timed = async (): Promise<number> => {
            let us = 0;
            for (let k = 0; k < steps.length; k += 200) {
              const t = process.hrtime.bigint();
              await up.driver.apply(steps.slice(k, k + 200));
              us += Number(process.hrtime.bigint() - t) / 1000;
              await runScenario([{ t: 'hub', cmd: { v: 1, k: 'sy', q: q++ }, q: q++ }], up.driver, hub, serial);
            }
            return us;
          };
          const total = await timed();
          // Every event sent and acknowledged (a sync after the last one), then the same edges
          // with the firmware's watches away: the harness's own cost.
          await runScenario([{ t: 'hub', cmd: { v: 1, k: 'ack', b: '$BOOT', n: 1e9 }, q: rate }], up.driver, hub, serial);
          const events = seen().size - before;
          await up.driver.run(['H.saved=H.watches', 'H.watches=[]']);
          const harness = await timed();
          await up.driver.run(['H.watches=H.saved']);
          const perEdge = total / EDGES;
          rows.push({
            board,
            edges_per_s: rate,
            edges: EDGES,
            us_per_edge_total: Math.round(perEdge),
            us_per_edge_firmware: Math.round((total - harness) / EDGES),
            events,
            lost: EDGES / 2 - events,
            max_edges_per_s_cpu: Math.round(1e6 / perEdge),
          });
        }
      } catch (e) {
        throw new Error(`${board}: ${e instanceof Error ? e.message : String(e)}; ${up.board.state()}`, { cause: e });
      } finally {
        await up.board.close();
        await up.control.close();
        await mq?.close();
      }
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  return rows;
}
