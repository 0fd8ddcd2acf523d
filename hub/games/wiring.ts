/**
 * From device events to matches: each table gets a shot assembler fed by its devices' events;
 * what it assembles goes into the table's running match.
 *
 * A minigolf course is one table with a device per lane, and balls roll on several lanes at once:
 * there each lane has its own assembler (its own reorder window, rest timer and hole ending). An
 * event's lane is its device's `lane` (venue config), or else its place when that is a lane number
 * (a firmware built for its lane); what names no lane goes to the course's own assembler.
 */
import { DEFAULT_ASK_BELOW, venueProblems, type TableConfig, type VenueConfig } from '../../shared/venue';
import { AutorefError } from '../../shared/errors';
import type { Ingest } from '../ingest/pipeline';
import type { StoredDeviceEvent } from '../store/types';
import { gameEntry } from '../../shared/game/catalogue';
import { ShotAssembler, assemblerFor, isLanePlace, type AcousticHooks, type AssemblerOptions, type TimerApi } from './assembler';
import type { MatchManager } from './matches';
import { hubNow } from '../time/hub-clock';
import { clampDelay } from '../time/timers';

/** Node's timers on the hub's clock. */
export const realTimers: TimerApi = {
  now: hubNow,
  // Clamped to what Node holds (hub/time/timers.ts): the assemblers, game clocks and decision defaults all set theirs here.
  set: (fn: () => void, ms: number): unknown => setTimeout(fn, clampDelay(ms)),
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

/** The venue's shot assembly, as wired: what shutting down and picking up after a restart need. */
export interface Wiring {
  /** Every assembler; grows when a lane that no device is configured for first speaks. Close them all on shutdown. */
  readonly assemblers: ShotAssembler[];
  /** Hands a stored device event to its table's (on a course: its lane's) assembler, as the ingest does. */
  feed(s: StoredDeviceEvent): void;
  /** The table of a device of the venue. */
  tableOf(device: string): TableConfig | undefined;
  /**
   * Which of a table's assemblers makes the game events that name `lane`: '' for the table's own;
   * on a minigolf course, a lane's (its device's lane, else the lane place itself, as `laneKey`).
   */
  keyFor(table: string, lane: string | undefined): string;
  /** A table's assembler by key, made now if its lane has not spoken since the hub started. */
  assemblerAt(table: string, key: string): ShotAssembler;
}

/**
 * Wires the venue's tables: each device event the ingest stores goes to its table's assembler,
 * and what the assemblers make goes to the table's running match.
 *
 * `onError`: a sensor's game event that could not go into its match. A store error stops that
 * match (AR_STORE_FAILED, reported by the manager's `halted`); whatever it was, it is handed here
 * and never thrown: the manager's own 'error' event, unheard, would end the process (a full disk
 * on the first goal did). The hub logs it.
 */
export function wireAssemblers(
  venue: VenueConfig,
  ingest: Pick<Ingest, 'on'>,
  matches: Pick<MatchManager, 'on' | 'sensor' | 'tag'>,
  overrides: Partial<AssemblerOptions>,
  timers: TimerApi = realTimers,
  onError: (e: Error, table: string) => void = () => undefined,
  acousticFor: (t: TableConfig) => AcousticHooks | undefined = () => undefined,
): Wiring {
  const problem = venueProblems(venue)[0];
  if (problem !== undefined) throw new AutorefError('AR_CONFIG', `venue ${venue.id}: ${problem}`);
  const all: ShotAssembler[] = [];
  const acousticOf = (t: TableConfig, key: string | undefined): { acoustic?: AcousticHooks } => {
    if (key !== undefined) return {};
    const hooks = acousticFor(t);
    return hooks ? { acoustic: hooks } : {};
  };
  /** Per table: its assembler (key '') and, on a minigolf course, one per lane (key: the lane). */
  const byTable = new Map<string, Map<string, ShotAssembler>>();
  const assembler = (t: TableConfig, key: string | undefined, lane: number | undefined): ShotAssembler => {
    const mine = byTable.get(t.id) ?? byTable.set(t.id, new Map()).get(t.id)!;
    let a = mine.get(key ?? '');
    if (!a) {
      a = new ShotAssembler(
        // A sensor's reading names the ball when the venue would decide it alone anyway (its askBelow).
        // A table with acoustic sensors: its own assembler places their arrivals and reads each shot (hub/tracker).
        { ...assemblerFor(t.game), nameAt: venue.askBelow ?? DEFAULT_ASK_BELOW, ...overrides, ...acousticOf(t, key) },
        (input) => {
          // A sensor must never crash the hub: whatever goes wrong is a state, reported.
          const done = input.kind === 'tag' ? matches.tag(t.id, input.ball, input.t) : matches.sensor(t.id, input.event, input.from);
          done.catch((e: Error) => onError(e, t.id));
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
  const feed = (s: StoredDeviceEvent): void => {
    const d = deviceOf[s.event.d];
    if (d === undefined) return;
    if (!gameEntry(d.table.game).lanes) return assembler(d.table, undefined, undefined).push(s);
    assembler(d.table, laneKey(s, d.lane), d.lane).push(s);
  };
  ingest.on('device-event', feed);
  // An explicit "at rest" from a person ends the shot at once (on a course: on every lane).
  matches.on('update', (u) => {
    if (u.event.type !== 'at_rest' || u.event.by === 'hub') return;
    for (const a of byTable.get(u.table)?.values() ?? []) a.restDeclared();
  });
  const keyFor = (table: string, lane: string | undefined): string => {
    const t = venue.tables.find((x) => x.id === table);
    if (t === undefined || !gameEntry(t.game).lanes || lane === undefined) return '';
    const served = new Set(t.devices.flatMap((d) => (d.lane !== undefined ? [String(d.lane)] : [])));
    if (served.has(lane)) return lane;
    const n = /(\d+)$/.exec(lane)?.[1];
    if (n !== undefined && served.has(String(Number(n)))) return String(Number(n));
    return isLanePlace(lane) ? lane : '';
  };
  const assemblerAt = (table: string, key: string): ShotAssembler => {
    const t = venue.tables.find((x) => x.id === table);
    if (!t) throw new AutorefError('AR_NOT_FOUND', `table ${table}`);
    if (key === '') return assembler(t, undefined, undefined);
    const served = t.devices.find((d) => d.lane !== undefined && String(d.lane) === key);
    return assembler(t, key, served?.lane);
  };
  return { assemblers: all, feed, tableOf: (device) => deviceOf[device]?.table, keyFor, assemblerAt };
}
