/**
 * Shot assembly for one table (on a minigolf course: for one lane, `wiring.ts`): raw device events
 * (already on the hub timeline) become game events in time order. Events from the table's boards
 * are held for a short reorder window so a late one still goes in its place; a shot ends when the
 * sensors stay silent for `restAfterMs` (or when someone says so: an explicit at_rest input goes
 * straight to the match).
 *
 * Attribution is honest: a sensor that does not know the ball leaves `ball` out, and the engine
 * raises a pending decision where the rules need it. Nothing is guessed here: a sensor's reading
 * that is not sure enough (a pocket's colour, protocol `c` below `nameAt`) goes on as the event's
 * `reading`, logged with it, for the engine's question to take as its default.
 */
import type { GameEvent, GameEventOf } from '../../shared/game/events';
import { gameEntry, type AssemblyOptions } from '../../shared/game/catalogue';
import type { StoredDeviceEvent } from '../store/types';
import { DEFAULT_ASK_BELOW } from '../../shared/venue';
import type { Arrival, Localised } from '../../shared/tables/acoustic';

/**
 * A table with acoustic sensors (issue #26): their arrivals are placed by the localiser (knocks on
 * the rails, clicks on the bed: hub/acoustic) and go on as cushion and contact events with where
 * they were placed; at the end of each shot the tracker reads the shot's placed events and its
 * `track` event goes in before the at_rest (hub/tracker).
 */
export interface AcousticHooks {
  /** The device the acoustic sensors are on (one board: their time differences are exact on its clock). */
  device: string;
  /** The acoustic sensors' ids: their arrivals go to the localiser. */
  sensors: ReadonlySet<string>;
  localiser: { push(a: Arrival): Localised[]; flush(nowMs: number): Localised[]; readonly windowUs: number };
  /** The tracker's reading of a shot's placed events, as its event at `t` (after a correction of the turn it implies, if any); none when there is nothing to read. */
  read(shot: readonly Localised[], t: number): GameEvent[];
}

export interface AssemblerOptions extends AssemblyOptions {
  /** How long an event waits for earlier events from slower links, ms. */
  reorderMs: number;
  /**
   * A sensor's identity with a confidence (protocol `c`) names the ball when at least this sure
   * (the venue's askBelow: what the hub would decide alone anyway); below, the event carries it
   * as a `reading` for the engine's question. Absent: DEFAULT_ASK_BELOW.
   */
  nameAt?: number;
  /** The table's acoustic sensors, localiser and tracker, where it has them. */
  acoustic?: AcousticHooks;
}

export const DEFAULT_ASSEMBLER: AssemblerOptions = { reorderMs: 40, restAfterMs: 3000, impliedStrike: true, shotEndsOn: [] };

/**
 * The identity a device event gives its game event: `ball` when the sensor is sure (no `c`, or
 * `c` at least `nameAt`), else the sensor's `reading` with its probability (and its runner-up,
 * `o2`/`c2`, when sent); nothing without `o`.
 */
export function identityOf(e: StoredDeviceEvent['event'], nameAt: number): { ball?: string; reading?: Reading } {
  if (e.o === undefined) return {};
  if (e.c === undefined || e.c / 1000 >= nameAt) return { ball: e.o };
  const next = e.o2 !== undefined && e.c2 !== undefined ? { next: { ball: e.o2, probability: e.c2 / 1000 } } : {};
  return { reading: { ball: e.o, probability: e.c / 1000, ...next } };
}

type Reading = NonNullable<GameEventOf<'pocket'>['reading']>;

/** Per game: what its sensors can say about a shot's start and end (its catalogue entry's `assembly`). */
export function assemblerFor(game: string): AssemblerOptions {
  return { reorderMs: DEFAULT_ASSEMBLER.reorderMs, ...gameEntry(game).assembly };
}

/**
 * What the assembler hands on: a game event (`from`: the device and link of the sensor event it
 * was made from, so a refusal by the match names them), or a late ball identity for the oldest
 * unnamed capture.
 */
export type AssembledInput = { kind: 'event'; event: GameEvent; from?: { device: string; link: string } } | { kind: 'tag'; ball: string; t: number };

export interface TimerApi {
  now(): number;
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

/** A place the minigolf engine reads as a lane: it ends in the lane number ("7", "B-7", "lane7"). */
export function isLanePlace(place: string | undefined): place is string {
  return place !== undefined && /\d+$/.test(place);
}

/** The lane a stroke or hole is on: the sensor's place if it names one, else the device's lane. */
function laneOf(e: StoredDeviceEvent['event'], lane: number | undefined, fallback: string | undefined): string | undefined {
  return isLanePlace(e.p) ? e.p : lane !== undefined ? String(lane) : fallback;
}

/**
 * Device event (protocol v1) to game event; null for what is not a game fact. `lane`: the minigolf
 * lane the device serves (venue config); a stroke or hole takes it unless the sensor's place is
 * already a lane number (a firmware built for its lane).
 */
export function toGameEvent(s: StoredDeviceEvent, lane?: number, nameAt: number = DEFAULT_ASK_BELOW): AssembledInput | null {
  const e = s.event;
  const t = s.at;
  const by = 'sensor' as const;
  // A colour reading not sure enough names no ball: only a pocket carries it on (its engine asks with it).
  const id = identityOf(e, nameAt);
  const ball = id.ball !== undefined ? { ball: id.ball } : {};
  switch (e.e) {
    case 'goal':
      return { kind: 'event', event: { type: 'goal', t, by, goal: e.p ?? e.s, ...ball } };
    case 'pocket':
      return { kind: 'event', event: { type: 'pocket', t, by, pocket: e.p ?? e.s, captured: true, ...ball, ...(id.reading ? { reading: id.reading } : {}) } };
    case 'rattle':
      return { kind: 'event', event: { type: 'pocket', t, by, pocket: e.p ?? e.s, captured: false, ...ball } };
    case 'cushion':
      return { kind: 'event', event: { type: 'cushion', t, by, ...(e.p !== undefined ? { cushion: e.p } : {}), ...ball } };
    case 'contact': {
      // A bed sensor hears a click, not which balls; a tagged contact may name them "a+b".
      const pair = e.o?.split('+');
      const ab = pair && pair.length === 2 ? { a: pair[0]!, b: pair[1]! } : {};
      return { kind: 'event', event: { type: 'contact', t, by, ...ab } };
    }
    case 'out': {
      // The out beam is not a lane place: the ball left the lane of its device, or of a lane-built firmware's place.
      const from = isLanePlace(e.p) ? e.p : lane !== undefined ? String(lane) : undefined;
      return { kind: 'event', event: { type: 'off_table', t, by, ...(from !== undefined ? { lane: from } : {}), ...ball } };
    }
    case 'hole':
      return { kind: 'event', event: { type: 'hole', t, by, lane: laneOf(e, lane, e.p ?? e.s)!, ...ball } };
    case 'stroke': {
      const at = laneOf(e, lane, e.p);
      return { kind: 'event', event: { type: 'strike', t, by, ...(at !== undefined ? { lane: at } : {}), ...ball } };
    }
    case 'tag':
      return e.o !== undefined ? { kind: 'tag', ball: e.o, t } : null;
    default:
      return null;
  }
}

/** A placed knock or click as the game event the engines read: where it was placed, no ball named. */
export function placedEvent(l: Localised): GameEvent {
  const where = { x: round4(l.x), y: round4(l.y), sd: round4(l.sd) };
  return l.kind === 'knock' ? { type: 'cushion', t: l.t, by: 'sensor', cushion: l.rail, ...where } : { type: 'contact', t: l.t, by: 'sensor', ...where };
}

const round4 = (x: number): number => Math.round(x * 10_000) / 10_000;

export class ShotAssembler {
  private held: StoredDeviceEvent[] = [];
  /** The shot's placed knocks and clicks, for its tracker. */
  private placed: Localised[] = [];
  private localTimer: unknown = null;
  private flushTimer: unknown = null;
  private restTimer: unknown = null;
  /** When the shot is at rest unless another event comes: the rest timer moves on to it lazily. */
  private restDue = 0;
  private inShot = false;
  private lastAt = 0;

  /**
   * `lane`: the minigolf lane this assembler serves (its devices' events name it, `toGameEvent`);
   * `laneId`: the lane as the engine reads it, put on the at_rest this assembler declares.
   */
  constructor(
    private readonly opts: AssemblerOptions,
    private readonly out: (input: AssembledInput) => void,
    private readonly timers: TimerApi,
    private readonly lane?: number,
    private readonly laneId?: string,
  ) {}

  push(s: StoredDeviceEvent): void {
    // Keep `held` sorted by event time; arrivals are nearly in order, so insert from the end.
    let i = this.held.length;
    while (i > 0 && this.held[i - 1]!.at > s.at) i--;
    this.held.splice(i, 0, s);
    this.schedule();
  }

  /**
   * The hub restarted in the middle of a shot whose last event was at `lastAt` (hub/games/resume.ts):
   * the shot goes on (its next event implies no second strike) and comes to rest as it would have.
   */
  resumeShot(lastAt: number): void {
    this.inShot = true;
    this.lastAt = Math.max(this.lastAt, lastAt);
    this.armRest();
  }

  /** Does a game event of this type end a shot by itself (besides at_rest)? */
  endsShot(type: GameEvent['type']): boolean {
    return this.opts.shotEndsOn.includes(type);
  }

  /** A person declared the shot over: stop waiting for silence. */
  restDeclared(): void {
    this.flush(Infinity);
    this.endShot(false);
  }

  private schedule(): void {
    if (this.flushTimer !== null || this.held.length === 0) return;
    const due = this.held[0]!.at + this.opts.reorderMs - this.timers.now();
    this.flushTimer = this.timers.set(
      () => {
        this.flushTimer = null;
        this.flush(this.timers.now());
        this.schedule();
      },
      Math.max(0, due),
    );
  }

  /**
   * Releases the events whose reorder window has passed at `now`. The test is the sum the timer
   * was set from (`at + reorderMs`), not `at <= now - reorderMs`: with fractional times the two can
   * differ in the last bit, and an event then never came due while its timer fired again at once.
   */
  private flush(now: number): void {
    while (this.held.length > 0 && this.held[0]!.at + this.opts.reorderMs <= now) {
      const s = this.held.shift()!;
      const acoustic = this.opts.acoustic;
      if (acoustic && s.event.d === acoustic.device && s.event.s !== undefined && acoustic.sensors.has(s.event.s)) {
        for (const l of acoustic.localiser.push({ sensor: s.event.s, us: s.event.t, at: s.at })) this.emitPlaced(l, s);
        this.armLocal();
        continue;
      }
      const input = toGameEvent(s, this.lane, this.opts.nameAt ?? DEFAULT_ASK_BELOW);
      if (!input) continue;
      if (input.kind === 'event') {
        if (!this.inShot && this.opts.impliedStrike && input.event.type !== 'strike') {
          this.out({ kind: 'event', event: { type: 'strike', t: input.event.t, by: 'hub' } });
        }
        this.inShot = true;
        this.lastAt = Math.max(this.lastAt, input.event.t);
        this.armRest();
      }
      this.out(input.kind === 'event' ? { ...input, from: { device: s.event.d, link: s.link } } : input);
      if (input.kind === 'event' && this.opts.shotEndsOn.includes(input.event.type)) this.endShot(false);
    }
  }

  /** A placed knock or click: into the shot as a sensor event, and kept for the tracker. */
  private emitPlaced(l: Localised, s?: StoredDeviceEvent): void {
    const event = placedEvent(l);
    if (!this.inShot && this.opts.impliedStrike) this.out({ kind: 'event', event: { type: 'strike', t: event.t, by: 'hub' } });
    this.inShot = true;
    this.lastAt = Math.max(this.lastAt, event.t);
    this.armRest();
    this.placed.push(l);
    this.out({ kind: 'event', event, ...(s ? { from: { device: s.event.d, link: s.link } } : {}) });
  }

  /** The localiser closes a group once its window has passed: look again then, even if nothing else comes. */
  private armLocal(): void {
    const acoustic = this.opts.acoustic;
    if (!acoustic || this.localTimer !== null) return;
    this.localTimer = this.timers.set(
      () => {
        this.localTimer = null;
        this.flushLocal(this.timers.now() - this.opts.reorderMs);
      },
      acoustic.localiser.windowUs / 1000 + 1,
    );
  }

  private flushLocal(nowMs: number): void {
    const acoustic = this.opts.acoustic;
    if (!acoustic) return;
    for (const l of acoustic.localiser.flush(nowMs)) this.emitPlaced(l);
  }

  /**
   * Every game event pushes the rest back. The timer is not cleared and set again each time (a
   * third of the assembler's time under load): when it fires early it waits out the rest.
   */
  private armRest(): void {
    this.restDue = this.timers.now() + this.opts.restAfterMs;
    if (this.restTimer === null) this.restTimer = this.timers.set(this.onRestTimer, this.opts.restAfterMs);
  }

  private readonly onRestTimer = (): void => {
    const left = this.restDue - this.timers.now();
    if (left > 0) {
      this.restTimer = this.timers.set(this.onRestTimer, left);
      return;
    }
    this.restTimer = null;
    this.endShot(true);
  };

  private endShot(emit: boolean): void {
    if (this.restTimer !== null) this.timers.clear(this.restTimer);
    this.restTimer = null;
    // What the localiser still holds belongs to this shot (placing it re-arms the rest: not again).
    this.flushLocal(Infinity);
    if (this.restTimer !== null) this.timers.clear(this.restTimer);
    this.restTimer = null;
    if (!this.inShot) return;
    this.inShot = false;
    const placed = this.placed;
    this.placed = [];
    if (emit && this.opts.acoustic && placed.length > 0) {
      for (const event of this.opts.acoustic.read(placed, this.lastAt + 1)) this.out({ kind: 'event', event });
    }
    if (emit)
      this.out({
        kind: 'event',
        event: { type: 'at_rest', t: this.lastAt + this.opts.restAfterMs, by: 'hub', ...(this.laneId !== undefined ? { lane: this.laneId } : {}) },
      });
  }

  close(): void {
    if (this.localTimer !== null) this.timers.clear(this.localTimer);
    if (this.flushTimer !== null) this.timers.clear(this.flushTimer);
    if (this.restTimer !== null) this.timers.clear(this.restTimer);
  }
}
