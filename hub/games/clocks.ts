/**
 * The hub's game timers: shot clock, turn clock, stroke clock, a timeout's end. After every change
 * of a match the engine says which clock event its state waits for (`nextClock`); one timer per
 * table sends it into the log when it falls due, as an ordinary event by the hub. A change before
 * then (a strike, a referee's stop) moves or removes what is due, and the timer follows. Because
 * the expiry is a logged event, a replay decides exactly as the live match did.
 */
import type { DueClock } from '../../shared/game/engine';
import type { MatchManager } from './matches';
import type { TimerApi } from './assembler';
import { clampDelay } from '../time/timers';

export type GameClocksOptions = TimerApi;

interface Armed {
  handle: unknown;
  due: DueClock;
}

const sameDue = (a: DueClock, b: DueClock): boolean =>
  a.at === b.at && a.event.clock === b.event.clock && a.event.phase === b.event.phase && a.event.player === b.event.player;

export class GameClocks {
  private readonly armed: Record<string, Armed> = {};
  /** Clock events the store refused (retried with the next update). */
  failures = 0;

  constructor(
    private readonly matches: Pick<MatchManager, 'on' | 'current' | 'input'>,
    private readonly opts: GameClocksOptions,
  ) {
    matches.on('update', (u) => this.sync(u.table));
    matches.on('ended', (rec) => this.disarm(rec.table));
  }

  /**
   * After a restart. A clock that fell due while the hub was down is started again, in full, as a
   * logged `start` (nobody at the table saw it run out); a timeout that ended meanwhile ends now.
   * The others run on.
   */
  resume(tables: readonly string[]): void {
    for (const table of tables) {
      const due = this.waitingFor(table);
      if (!due || due.at > this.opts.now() || due.event.clock === 'timeout') {
        this.sync(table);
        continue;
      }
      const { type, clock, player } = due.event;
      this.matches
        .input(table, {
          type,
          clock,
          phase: 'start',
          ...(player !== undefined ? { player } : {}),
          by: 'hub',
          why: `${clock} clock started again: it fell due while the hub was stopped`,
        })
        .catch(() => this.failures++);
    }
  }

  /** What a table's timer is waiting to send; for the API and tests. */
  dueAt(table: string): DueClock | null {
    return this.armed[table]?.due ?? null;
  }

  private waitingFor(table: string): DueClock | null {
    const m = this.matches.current(table);
    return m?.engine.nextClock?.(m.state) ?? null;
  }

  private sync(table: string): void {
    const due = this.waitingFor(table);
    const current = this.armed[table];
    if (current && due && sameDue(current.due, due)) return;
    this.disarm(table);
    if (due) this.arm(table, due);
  }

  private arm(table: string, due: DueClock): void {
    // Clamped: a due time past what Node's timers hold (a clock far off, an event time the hub
    // could not place) fires early, finds itself not due, and waits again (`fire`).
    const handle = this.opts.set(() => this.fire(table, due), clampDelay(Math.ceil(due.at - this.opts.now())));
    this.armed[table] = { handle, due };
  }

  private fire(table: string, due: DueClock): void {
    delete this.armed[table];
    // Timers are kept in whole milliseconds and may fire a fraction early on the hub's clock: the
    // logged event must not come before its deadline.
    if (this.opts.now() < due.at) return this.arm(table, due);
    const still = this.waitingFor(table);
    // Something changed in between without an update reaching us yet: the next update re-arms.
    if (!still || !sameDue(still, due)) return;
    const seconds = Math.round((due.at - this.opts.now()) / 1000);
    this.matches
      .input(table, { ...due.event, by: 'hub', why: `${due.event.clock} clock ${due.event.phase}${seconds < 0 ? ` (${-seconds} s late)` : ''}` })
      .catch(() => this.failures++);
  }

  private disarm(table: string): void {
    const a = this.armed[table];
    if (a) this.opts.clear(a.handle);
    delete this.armed[table];
  }

  close(): void {
    for (const t of Object.keys(this.armed)) this.disarm(t);
  }
}
