/**
 * "A sensible default if nobody answers": a pending decision that has a default and is still
 * open after `afterMs` is answered with it, by the hub, as an ordinary `decide` event in the log
 * (a referee can still override it later). A decision without a default waits for a person.
 */
import type { MatchManager } from './matches';
import { clampDelay } from '../time/timers';

export interface DecisionDefaultsOptions {
  afterMs: number;
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export class DecisionDefaults {
  /** Open timers by table, then decision id. */
  private readonly timers: Record<string, Record<string, unknown>> = {};
  /** Hub-made answers that the store refused (retried with the next update). */
  failures = 0;

  constructor(
    private readonly matches: MatchManager,
    private readonly opts: DecisionDefaultsOptions,
  ) {
    matches.on('update', (u) => this.sync(u.table));
    matches.on('ended', (rec) => this.clearTable(rec.table));
  }

  /** After a restart: the questions of the restored matches wait for their default again. */
  resume(tables: readonly string[]): void {
    for (const t of tables) this.sync(t);
  }

  private sync(table: string): void {
    const open = this.matches.summaryOf(table)?.pending ?? [];
    const mine = (this.timers[table] ??= {});
    for (const id of Object.keys(mine)) {
      if (!open.some((d) => d.id === id)) {
        this.opts.clear(mine[id]);
        delete mine[id];
      }
    }
    for (const d of open) {
      if (d.default === null || d.id in mine) continue;
      const answer = d.default;
      mine[d.id] = this.opts.set(() => {
        delete mine[d.id];
        const still = this.matches.summaryOf(table)?.pending.some((p) => p.id === d.id);
        if (!still) return;
        this.matches
          .input(table, {
            type: 'decide',
            decision: d.id,
            answer,
            by: 'hub',
            why: `no answer within ${Math.round(this.opts.afterMs / 1000)} s: default applied`,
          })
          .catch(() => this.failures++);
      }, clampDelay(this.opts.afterMs)); // --answer-after beyond what Node's timers hold (24.8 days) fires then
    }
  }

  private clearTable(table: string): void {
    for (const h of Object.values(this.timers[table] ?? {})) this.opts.clear(h);
    delete this.timers[table];
  }

  close(): void {
    for (const t of Object.keys(this.timers)) this.clearTable(t);
  }
}
