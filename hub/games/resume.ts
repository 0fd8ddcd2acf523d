/**
 * Picking up the shot assembly after a restart (a crash, `kill -9`, or an ordinary stop).
 *
 * What the assemblers held in memory is gone when the hub stops: device events in their reorder
 * window (stored and acknowledged, so the device will not send them again, but not yet game
 * events), and the fact that a shot was under way. Both can be read back from the store. For every
 * running match:
 *
 * - The table's device events stored shortly before the stop (`LOOKBACK_MS` before the newest
 *   one), after the match started, that are not in the match log are handed to the assemblers
 *   again. A game event made from a device event carries that event's time (`at`) as its `t`, so
 *   "in the log" is a sensor fact with that very time. Time is not enough on its own: an event
 *   that arrives late (a resend after a reconnect) goes in the log after newer ones.
 * - A shot (on a minigolf course: a lane's stroke) whose last event is not its end goes on: its
 *   assembler waits for silence again and declares the rest, instead of taking the next event for
 *   the strike of a new shot.
 */
import type { GameEvent } from '../../shared/game/events';
import type { EventStore, StoredDeviceEvent } from '../store/types';
import type { VenueConfig } from '../../shared/venue';
import type { MatchManager } from './matches';
import type { Wiring } from './wiring';

/** How far back from the newest stored device event to look for events no assembler handed on. */
export const LOOKBACK_MS = 10_000;
/** Game events read from the end of each running match's log (besides room for the events to check). */
const TAIL = 500;

/** Made by a table's assemblers (wiring.ts), as opposed to a person's input or the hub's default answers. */
function madeByAssembler(e: GameEvent): boolean {
  return e.by === 'sensor' || (e.by === 'hub' && (e.type === 'strike' || e.type === 'at_rest'));
}

/** The lane a game event names, if any (strokes, holes, balls out, a lane's at_rest). */
function laneOf(e: GameEvent): string | undefined {
  const lane = (e as { lane?: unknown }).lane;
  return typeof lane === 'string' ? lane : undefined;
}

export interface ResumeReport {
  /** Stored device events handed to the assemblers again. */
  refed: number;
  /** Shots found under way and continued. */
  shots: number;
}

export async function resumeShots(
  store: EventStore,
  venue: VenueConfig,
  matches: Pick<MatchManager, 'current'>,
  wiring: Wiring,
  lookbackMs = LOOKBACK_MS,
): Promise<ResumeReport> {
  const report: ResumeReport = { refed: 0, shots: 0 };
  const running = new Map<string, { id: string; seq: number; startedAt: number; candidates: StoredDeviceEvent[] }>();
  for (const { id: table } of venue.tables) {
    const m = matches.current(table);
    const rec = m ? await store.getMatch(m.id) : null;
    if (m && rec) running.set(table, { id: m.id, seq: m.seq, startedAt: rec.startedAt, candidates: [] });
  }
  if (running.size === 0) return report;
  const [newest] = await store.recentDeviceEvents(1);
  for (const s of newest ? await store.deviceEventsStoredSince(newest.hubT - lookbackMs) : []) {
    const r = running.get(wiring.tableOf(s.event.d)?.id ?? '');
    if (r && s.at > r.startedAt) r.candidates.push(s);
  }
  for (const [table, r] of running) {
    // Each device event makes at most a strike and its fact, so its fact is within this many of the end.
    const tail = await store.gameEvents(r.id, Math.max(0, r.seq - (TAIL + 2 * r.candidates.length) + 1));
    /** Times of the sensor facts in the log, with how many facts have each. */
    const logged = new Map<number, number>();
    /** Per assembler key: the latest time of the shot under way, or null once it has ended. */
    const shot = new Map<string, number | null>();
    for (const e of tail) {
      if (e.by === 'sensor') logged.set(e.t, (logged.get(e.t) ?? 0) + 1);
      if (!madeByAssembler(e)) {
        // A person's at_rest ends the shot on every assembler of the table (wiring.ts, restDeclared).
        if (e.type === 'at_rest') for (const key of shot.keys()) shot.set(key, null);
        continue;
      }
      if (e.type === 'identify') continue; // a late ball identity is no part of a shot
      const key = wiring.keyFor(table, laneOf(e));
      const ended = e.type === 'at_rest' || wiring.assemblerAt(table, key).endsShot(e.type);
      shot.set(key, ended ? null : Math.max(shot.get(key) ?? -Infinity, e.t));
    }
    for (const [key, lastAt] of shot) {
      if (lastAt === null) continue;
      wiring.assemblerAt(table, key).resumeShot(lastAt);
      report.shots++;
    }
    for (const s of r.candidates) {
      const left = logged.get(s.at) ?? 0;
      if (left > 0) {
        logged.set(s.at, left - 1);
        continue;
      }
      wiring.feed(s);
      report.refed++;
    }
  }
  return report;
}
