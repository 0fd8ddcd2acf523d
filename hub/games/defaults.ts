/**
 * "A sensible default if nobody answers": a pending decision that has a default and is still
 * open when its countdown ends is answered with it, by the hub, as an ordinary `decide` event in
 * the log (a referee can still override it later). A decision without a default waits for a
 * person. One the engine is sure of (its probability at or above the venue's `askBelow`) is
 * answered at once, the probability logged with the answer: nobody is asked.
 *
 * The countdown is the summary's `defaultAt` (hub/games/matches.ts), so the screens count down
 * to the moment this applies it.
 */
import type { MatchManager } from './matches';
import { clampDelay } from '../time/timers';
import { decidedAlone } from '../../shared/venue';

export interface DecisionDefaultsOptions {
  afterMs: number;
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
  /** Hub time (ms), the clock of the summaries' `defaultAt`. Default: Date.now. */
  now?: () => number;
}

export class DecisionDefaults {
  /** Open timers by table, then decision id (both from outside input: Maps). */
  private readonly timers = new Map<string, Map<string, unknown>>();
  /** Hub-made answers that the store refused (retried with the next update). */
  failures = 0;
  private readonly now: () => number;

  constructor(
    private readonly matches: MatchManager,
    private readonly opts: DecisionDefaultsOptions,
  ) {
    this.now = opts.now ?? Date.now;
    matches.setAnswerAfter(opts.afterMs);
    matches.on('update', (u) => this.sync(u.table));
    matches.on('ended', (rec) => this.clearTable(rec.table));
  }

  /** After a restart: the questions of the restored matches wait for their default again. */
  resume(tables: readonly string[]): void {
    for (const t of tables) this.sync(t);
  }

  private sync(table: string): void {
    const open = this.matches.summaryOf(table)?.pending ?? [];
    let mine = this.timers.get(table);
    if (!mine) this.timers.set(table, (mine = new Map()));
    for (const [id, handle] of mine) {
      if (!open.some((d) => d.id === id)) {
        this.opts.clear(handle);
        mine.delete(id);
      }
    }
    for (const d of open) {
      if (d.default === null || d.defaultAt === null || d.defaultAt === undefined || mine.has(d.id)) continue;
      // A foul the players may claim is the claim windows' (hub/games/claims.ts), not a question's.
      if (d.claim && this.matches.claimWindowMs > 0) continue;
      const answer = d.default;
      const sure = decidedAlone(d, this.matches.askBelow);
      const table_ = mine;
      mine.set(
        d.id,
        this.opts.set(
          () => {
            table_.delete(d.id);
            const still = this.matches.summaryOf(table)?.pending.some((p) => p.id === d.id);
            if (!still) return;
            this.matches
              .input(table, {
                type: 'decide',
                decision: d.id,
                answer,
                by: 'hub',
                ...(sure
                  ? {
                      probability: d.probability!,
                      why: `decided alone: ${Math.round(d.probability! * 1000) / 10} % sure (venue asks below ${this.matches.askBelow})`,
                    }
                  : { why: `no answer within ${Math.round(this.opts.afterMs / 1000)} s: default applied` }),
              })
              .catch(() => this.failures++);
          },
          // --answer-after beyond what Node's timers hold (24.8 days) fires then
          clampDelay(Math.max(0, d.defaultAt - this.now())),
        ),
      );
    }
  }

  private clearTable(table: string): void {
    for (const h of this.timers.get(table)?.values() ?? []) this.opts.clear(h);
    this.timers.delete(table);
  }

  close(): void {
    for (const t of [...this.timers.keys()]) this.clearTable(t);
  }
}
