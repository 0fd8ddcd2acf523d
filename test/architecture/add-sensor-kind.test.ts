/**
 * Follows docs/how-to/add-a-sensor-kind.md word for word: in a copy of the project, makes the
 * page's two edits (its code blocks: the descriptor entry and the firmware component) and nothing
 * else, then shows the made-up kind working end to end there: the profile is accepted, the bundle
 * builds and passes the gate with the component in it, the bundle on a simulated board sends the
 * kind's event, a hub ingests and stores it, the Firmata link reads the same kind, the
 * calibration plans its step and suggests its values by its descriptor's methods, and the
 * simulator gives it its signal from a simulated game's truth (the descriptor's `signal`), which
 * the bundle reports.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, type ProjectCopy, type RunResult } from '../helpers/project-copy';

const PAGE = readFileSync(path.resolve(import.meta.dirname, '../../docs/how-to/add-a-sensor-kind.md'), 'utf8');

/** The page's ts code blocks that say where they go (first line: `// file:` or `// in …, after the line:`). */
function edits(): ({ file: string; text: string } | { file: string; anchor: string; text: string })[] {
  const out: ({ file: string; text: string } | { file: string; anchor: string; text: string })[] = [];
  for (const m of PAGE.matchAll(/```ts\n([\s\S]*?)```/g)) {
    const [first, ...rest] = m[1]!.split('\n');
    const text = rest.join('\n');
    const file = /^\/\/ file: (\S+)$/.exec(first!);
    const after = /^\/\/ in (\S+), after the line: (.+)$/.exec(first!);
    if (file) out.push({ file: file[1]!, text });
    else if (after) out.push({ file: after[1]!, anchor: after[2]!, text });
  }
  return out;
}

/** Run inside the copy with tsx: prints one JSON line of what happened. */
const SCRIPT = `
import { checkProfile } from '../shared/profile';
import { buildFirmware } from '../firmware/build/build';
import { runFirmware } from '../firmware/sim/run';
import { Ingest } from '../hub/ingest/pipeline';
import { FirmataLink } from '../hub/ingest/firmata';
import { SqliteStore } from '../hub/store/sqlite';
import { MockArduino } from '../test/contract/firmata-board';
import { decodeDeviceMessage } from '../shared/protocol/decode';
import { SimGame } from '../sim/players/games';
import { BAR_NOISE, signalsFor } from '../sim/signals/signals';
import { rawOptions } from '../hub/calibration/plan';
import { CalibrationSession } from '../hub/calibration/session';

const profile = {
  id: 'cup',
  title: 'A cup with a lever switch',
  sensors: [{ id: 'sw1', kind: 'switch', event: 'hole', place: 'cup', pin: 'lever', deadMs: 50 }],
  boards: { 'espruino-pico': { pins: { lever: 'B3' } } },
};
const venue = {
  id: 'v', name: 'V', language: 'en',
  tables: [{ id: 'l1', name: 'Lane', game: 'minigolf', devices: [
    { id: 'l1-a', link: 'serial', path: '/dev/null' },
    { id: 'l1-f', link: 'firmata', path: '/dev/ttyACM0' },
  ] }],
};
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

const out: Record<string, unknown> = {};
out.problems = checkProfile(profile, 'espruino-pico');
const build = buildFirmware({ profile: profile as never, board: 'espruino-pico', device: 'l1-a', table: 'l1' });
out.bytes = build.bytes;
out.hasComponent = /isRinging|setWatch/.test(build.code) && build.components.length === 1;

const run = runFirmware({ profile: profile as never, board: 'espruino-pico', device: 'l1-a', table: 'l1' });
const b = run.board;
b.advance(50);
b.set('B3', 0); // the lever closes: a ball in the cup
b.advance(5);
b.set('B3', 1);
b.advance(10);
b.set('B3', 0); // it bounces 15 ms later: within deadMs, no second event
b.advance(5);
b.set('B3', 1);
b.advance(300);
const lines = run.sentRaw().filter((l) => l.trim() !== '');
out.boardErrors = b.errors.length;
b.stop();

const store = new SqliteStore(':memory:');
const ingest = new Ingest(store, venue as never);
const origin = { link: 'serial:sim', send: () => {} };
for (const line of lines) ingest.accept(line, origin);
await wait(50);

const arduino = new MockArduino();
const link = new FirmataLink(ingest, { path: '/dev/ttyACM0', device: 'l1-f', profile: profile as never, pins: { lever: 2 }, io: arduino.io });
link.start();
await wait(100);
arduino.set(2, 0);
await wait(20);
arduino.set(2, 1);
await wait(10);
arduino.set(2, 0); // bounce within deadMs
await wait(20);
arduino.set(2, 1);
await wait(100);
out.firmataState = link.state;
await link.close();
await wait(50);
out.stored = (await store.recentDeviceEvents(10)).map((s) => ({ d: s.event.d, e: s.event.e, s: s.event.s, p: s.event.p }));
out.rejected = ingest.counters.totalRejected();
store.close();

// The calibration: the quiet step, then the switch's own: five closures, each bouncing 3 ms after.
const cal = new CalibrationSession('c1', 'l1', 'l1-a', profile as never);
out.calSteps = cal.steps.map((s) => [s.id, s.kind, s.event, s.instruction].join(' | '));
out.calRaw = rawOptions(profile as never);
cal.next();
for (let i = 0; i < 5; i++) for (const dt of [0, 3000]) cal.record({ d: 'l1-a', s: 'sw1', e: 'hole', b: 'x', t: 1e6 + i * 2e6 + dt } as never);
cal.next();
const rec = cal.result(new Date(0));
out.calSet = rec.set;
out.calMethod = rec.suggestions[0]?.method;
out.calWarnings = rec.suggestions[0]?.warnings;

// The simulator: a minigolf player putts until a ball is holed; the stroke's truth (a strike, the
// capture in the cup) goes through signalsFor with this profile, and its edges onto a fresh board.
const game = new SimGame('minigolf', { seed: 5 });
let shot = game.next();
for (let i = 0; i < 30 && !shot.result.events.some((e) => e.type === 'capture'); i++) shot = game.next();
out.truth = shot.result.events.filter((e) => e.type === 'strike' || e.type === 'capture').map((e) => e.type === 'capture' ? 'capture ' + e.kind + ' ' + e.place : e.type);
const sig = signalsFor(game.table, profile as never, shot.result.events, { noise: BAR_NOISE, seed: 3 });
out.simEdges = sig.edges.map((e) => e.pin + ' ' + e.level);
out.simWidthUs = sig.edges.length === 2 ? sig.edges[1]!.us - sig.edges[0]!.us : null;
const sim = runFirmware({ profile: profile as never, board: 'espruino-pico', device: 'l1-a', table: 'l1' });
sim.board.advance(50);
const t0 = sim.board.us;
for (const e of sig.edges) {
  if (t0 + e.us > sim.board.us) sim.board.advance((t0 + e.us - sim.board.us) / 1000);
  sim.board.set('B3', e.level);
}
sim.board.advance(sig.durationUs / 1000 + 300);
const seen = new Map<number, { e: string; s: string; p?: string }>();
for (const line of sim.sentRaw()) {
  const d = line.trim() === '' ? null : decodeDeviceMessage(line);
  // The firmware resends until acknowledged: one event per sequence number.
  if (d && d.ok && d.msg.k === 'ev') seen.set(d.msg.n, { e: d.msg.e, s: d.msg.s, p: d.msg.p });
}
out.simEvents = [...seen.values()];
out.simErrors = sim.board.errors.length;
sim.board.stop();
console.log('RESULT ' + JSON.stringify(out));
process.exit(0);
`;

describe('docs/how-to/add-a-sensor-kind.md, followed in a copy of the project', () => {
  let copy: ProjectCopy;
  let result: Record<string, unknown>;
  let changed: string[];
  let typecheck: RunResult;

  beforeAll(async () => {
    copy = copyProject();
    const steps = edits();
    expect(steps.length).toBe(2);
    for (const s of steps) {
      if ('anchor' in s) copy.insertAfter(s.file, s.anchor, s.text);
      else copy.write(s.file, s.text);
    }
    changed = copy.changedFiles();
    // The copy with only the page's edits typechecks (before the test's own script is added to it).
    typecheck = await copy.run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json', '--noEmit']);
    // The check script is the test's, not the page's: written beside, not through `write`.
    writeFileSync(path.join(copy.dir, 'test', 'add-kind-check.ts'), SCRIPT);
    const r = await copy.run('node', ['--import', 'tsx', 'test/add-kind-check.ts'], { timeoutMs: 50_000 });
    const line = r.stdout.split('\n').find((l) => l.startsWith('RESULT '));
    if (!line) throw new Error(`the copy's check printed no result (exit ${r.code}):\n${r.stdout}\n${r.stderr}`);
    result = JSON.parse(line.slice('RESULT '.length)) as Record<string, unknown>;
  }, 240_000);

  afterAll(() => copy?.cleanup());

  it("typechecks with only the page's edits", () => {
    expect(typecheck.stdout + typecheck.stderr).toBe('');
    expect(typecheck.code).toBe(0);
  });

  it('touches only the descriptor table and the new component', () => {
    expect(changed).toEqual(['firmware/sensors/switch.ts', 'shared/sensors/kinds.ts']);
  });

  it('accepts a profile with the new kind, and builds and gates a bundle with its component', () => {
    expect(result['problems']).toEqual([]);
    expect(result['hasComponent']).toBe(true);
    expect(result['bytes']).toBeLessThan(16 * 1024);
  });

  it('the bundle on a simulated board and the Firmata link both send one hole per closure, stored by the hub', () => {
    expect(result['boardErrors']).toBe(0);
    expect(result['firmataState']).toBe('online');
    expect(result['rejected']).toBe(0);
    const stored = result['stored'] as { d: string; e: string; s: string; p: string }[];
    expect(stored.filter((e) => e.d === 'l1-a')).toEqual([{ d: 'l1-a', e: 'hole', s: 'sw1', p: 'cup' }]);
    expect(stored.filter((e) => e.d === 'l1-f')).toEqual([{ d: 'l1-f', e: 'hole', s: 'sw1', p: 'cup' }]);
  });

  it("the calibration plans the new kind's step and suggests its values by the methods its descriptor names", () => {
    expect(result['calSteps']).toEqual([
      expect.stringMatching(/^quiet \| quiet/),
      'sw1 | switch | hole | Drop a ball into the cup cup 5 times, one at a time.',
    ]);
    expect(result['calRaw']).toEqual({ 'sw1.deadMs': 1 });
    expect(result['calSet']).toEqual({ 'sw1.deadMs': 6 });
    expect(result['calMethod']).toEqual(['deadMs: longest ringing 3 ms × 1.25 + 2 ms']);
    expect(result['calWarnings']).toEqual([]);
  });

  it('the simulator gives the new kind its signal (a holed ball closes the lever), and the bundle reports the hole', () => {
    expect(result['truth']).toEqual(['strike', 'capture cup cup']);
    // Only the switch is in the profile: the strike has no sensor, the capture closes the lever once.
    expect(result['simEdges']).toEqual(['lever 0', 'lever 1']);
    expect(result['simWidthUs']).toBeGreaterThanOrEqual(4000);
    expect(result['simErrors']).toBe(0);
    expect(result['simEvents']).toEqual([{ e: 'hole', s: 'sw1', p: 'cup' }]);
  });
});
