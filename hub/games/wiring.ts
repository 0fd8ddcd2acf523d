/**
 * From device events to matches: each table gets a shot assembler fed by its devices' events;
 * what it assembles goes into the table's running match.
 *
 * A minigolf course is one table with a device per lane, and balls roll on several lanes at once:
 * there each lane has its own assembler (its own reorder window, rest timer and hole ending). An
 * event's lane is its device's `lane` (venue config), or else its place when that is a lane number
 * (a firmware built for its lane); what names no lane goes to the course's own assembler.
 */
import { venueProblems, type TableConfig, type VenueConfig } from '../../shared/venue';
import { AutorefError } from '../../shared/errors';
import type { Ingest } from '../ingest/pipeline';
import type { StoredDeviceEvent } from '../store/types';
import { ShotAssembler, assemblerFor, isLanePlace, type AssemblerOptions, type TimerApi } from './assembler';
import type { MatchManager } from './matches';
import { hubNow } from '../time/hub-clock';

const realTimers: TimerApi = {
  now: hubNow,
  set: (fn: () => void, ms: number): unknown => setTimeout(fn, ms),
  clear: (h: unknown): void => clearTimeout(h as NodeJS.Timeout),
};

/**
 * Which of a minigolf course's assemblers an event goes to: the device's lane, else its place when
 * that is a lane number ("7", or "B-7" on a two-course table); undefined: the course's own.
 */
export function laneKey(s: StoredDeviceEvent, deviceLane: number | undefined): string | undefined {
  if (deviceLane !== undefined) return String(deviceLane);
  return isLanePlace(s.event.p) ? s.event.p : undefined;
}

/**
 * Wires the venue's tables. The returned list holds every assembler, and grows when a lane that no
 * device is configured for first speaks (a lane number as place): close them all on shutdown.
 */
export function wireAssemblers(
  venue: VenueConfig,
  ingest: Pick<Ingest, 'on'>,
  matches: Pick<MatchManager, 'on' | 'emit' | 'sensor' | 'tag'>,
  overrides: Partial<AssemblerOptions>,
  timers: TimerApi = realTimers,
): ShotAssembler[] {
  const problem = venueProblems(venue)[0];
  if (problem !== undefined) throw new AutorefError('AR_CONFIG', `venue ${venue.id}: ${problem}`);
  const all: ShotAssembler[] = [];
  /** Per table: its assembler (key '') and, on a minigolf course, one per lane (key: the lane). */
  const byTable = new Map<string, Map<string, ShotAssembler>>();
  const assembler = (t: TableConfig, key: string | undefined, lane: number | undefined): ShotAssembler => {
    const mine = byTable.get(t.id) ?? byTable.set(t.id, new Map()).get(t.id)!;
    let a = mine.get(key ?? '');
    if (!a) {
      a = new ShotAssembler(
        { ...assemblerFor(t.game), ...overrides },
        (input) => {
          // Errors are the store's (logged by the manager's caller); a sensor must never crash the hub.
          const done = input.kind === 'tag' ? matches.tag(t.id, input.ball, input.t) : matches.sensor(t.id, input.event);
          done.catch((e: Error) => matches.emit('error', e));
        },
        timers,
        lane,
        key,
      );
      mine.set(key ?? '', a);
      all.push(a);
    }
    return a;
  };
  const deviceOf: Record<string, { table: TableConfig; lane: number | undefined }> = {};
  for (const t of venue.tables) {
    assembler(t, undefined, undefined);
    for (const d of t.devices) {
      deviceOf[d.id] = { table: t, lane: d.lane };
      if (d.lane !== undefined) assembler(t, String(d.lane), d.lane);
    }
  }
  ingest.on('device-event', (s) => {
    const d = deviceOf[s.event.d];
    if (d === undefined) return;
    if (d.table.game !== 'minigolf') return assembler(d.table, undefined, undefined).push(s);
    assembler(d.table, laneKey(s, d.lane), d.lane).push(s);
  });
  // An explicit "at rest" from a person ends the shot at once (on a course: on every lane).
  matches.on('update', (u) => {
    if (u.event.type !== 'at_rest' || u.event.by === 'hub') return;
    for (const a of byTable.get(u.table)?.values() ?? []) a.restDeclared();
  });
  return all;
}
