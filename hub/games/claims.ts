/**
 * Claims at the table (docs/claims.md): a question the engine marks as a foul the players may
 * claim (`PendingDecision.claim`) is not put to anyone. The hub answers it at once with its
 * default, the reading with no foul, and logs the window with the answer (`decide.claim`): until
 * the venue's claim window ends or the next strike, a player other than the shooter may claim the
 * foul (hub/rules/common/claims.ts applies it). A venue whose window is 0 asks, as before.
 */
import type { MatchManager } from './matches';
import { decidedAlone } from '../../shared/venue';

export class ClaimWindows {
  /** Answers sent and not yet seen in force, by table, then decision (outside input: Maps). */
  private readonly sent = new Map<string, Set<string>>();
  /** Hub-made answers that the store refused. */
  failures = 0;

  constructor(
    private readonly matches: MatchManager,
    private readonly now: () => number,
  ) {
    matches.on('update', (u) => this.sync(u.table));
    matches.on('ended', (rec) => this.sent.delete(rec.table));
  }

  /** After a restart: a foul question left open is taken as legal now, its window from now. */
  resume(tables: readonly string[]): void {
    for (const t of tables) this.sync(t);
  }

  private sync(table: string): void {
    const windowMs = this.matches.claimWindowMs;
    if (windowMs <= 0) return;
    const open = this.matches.summaryOf(table)?.pending ?? [];
    let mine = this.sent.get(table);
    if (!mine) this.sent.set(table, (mine = new Set()));
    for (const id of mine) if (!open.some((d) => d.id === id)) mine.delete(id);
    for (const d of open) {
      if (!d.claim || d.default === null || mine.has(d.id)) continue;
      mine.add(d.id);
      const sure = decidedAlone(d, this.matches.askBelow);
      // The window runs from the answer's own time (logged with it): replay judges a claim by the log alone.
      const t = this.now();
      this.matches
        .input(table, {
          type: 'decide',
          t,
          decision: d.id,
          answer: d.default,
          by: 'hub',
          claim: { against: d.claim.against, foul: d.claim.foul, until: t + windowMs, kind: d.kind },
          ...(sure ? { probability: d.probability! } : {}),
          why: `taken as no foul: open to a claim for ${Math.round(windowMs / 1000)} s or until the next strike`,
        })
        .catch(() => {
          this.failures++;
          mine.delete(d.id);
        });
    }
  }
}
