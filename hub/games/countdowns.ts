/**
 * When each open question's default applies (`defaultAt`, hub time), for the countdowns on the
 * phone and the referee panel and for the hub's own timers (hub/games/defaults.ts): at once when the
 * engine is sure enough of it (the venue's `askBelow`) or the players may claim it instead
 * (hub/games/claims.ts), else the wait after the question was first
 * seen open; null when nothing will be applied (no default, or no wait configured).
 */
import type { GameSummary } from '../../shared/game/engine';
import { decidedAlone } from '../../shared/venue';

/**
 * The summary with `defaultAt` on each open question. `raisedT` (decision id -> when it was first
 * seen open) is updated: new questions enter at `now`, answered ones leave.
 */
export function withCountdowns(
  summary: GameSummary,
  raisedT: Map<string, number>,
  now: number,
  askBelow: number,
  answerAfterMs: number | null,
  /** The venue's claim window (ms): above 0, a foul open to a claim is taken as not committed at once. */
  claimWindowMs = 0,
): GameSummary {
  if (summary.pending.length === 0 && raisedT.size === 0) return summary;
  const open = new Set(summary.pending.map((d) => d.id));
  for (const id of raisedT.keys()) if (!open.has(id)) raisedT.delete(id);
  const pending = summary.pending.map((d) => {
    let raised = raisedT.get(d.id);
    if (raised === undefined) raisedT.set(d.id, (raised = now));
    const wait = decidedAlone(d, askBelow) || (d.claim !== undefined && claimWindowMs > 0) ? 0 : answerAfterMs;
    return { ...d, defaultAt: d.default === null || wait === null ? null : raised + wait };
  });
  return { ...summary, pending };
}
