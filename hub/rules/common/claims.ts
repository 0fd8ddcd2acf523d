/**
 * Claims: the bar's way of calling fouls (docs/claims.md). For a foul no sensor can see, the hub
 * takes the shot as legal at once (a `decide` with `claim`: the window) and a player other than the
 * shooter may claim the foul until the window ends or the next strike; the claim answers the
 * question with its foul, as a person's answer would. The shooter may dispute a claim; the referee
 * then rules (`decide` on `<id>:dispute`: `uphold` keeps the foul, `reject` restores the legal
 * reading).
 *
 * Pure: the course of every claim is a fold over the log (`trackClaims`), so a replay sees the
 * same claims, refuses the same late ones and applies the same answers. Nothing here reads a clock.
 */
import type { GameEvent, GameEventOf } from '../../../shared/game/events';
import { DISPUTE_SUFFIX } from '../../../shared/game/events';
import type { ClaimView, GameSummary, PendingDecision, RejectedEvent } from '../../../shared/game/engine';

export const UPHOLD = 'uphold';
export const REJECT = 'reject';

/** The claims of the match that can still change, newest last (kept short: a claim lives one shot). */
export interface Claims {
  windows: readonly ClaimView[];
}

/** Windows kept after they closed, for the screens' "claimed"/"ruled" lines and the referee's rulings. */
const KEEP = 6;

export const NO_CLAIMS: Claims = { windows: [] };

/** Why a claim or a dispute is refused (its code is the page's `rule.<code>`), or null: it stands. */
export function claimRefusal(c: Claims, e: GameEventOf<'claim'> | GameEventOf<'dispute'>): RejectedEvent | null {
  const w = c.windows.find((x) => x.decision === e.decision);
  const no = (code: string, reason: string): RejectedEvent => ({ seq: e.seq, type: e.type, code, reason });
  if (!w) return no('not_claimable', `decision ${e.decision} was not taken as legal with a claim window`);
  if (e.type === 'claim') {
    if (e.player === w.against) return no('own_shot', `${e.player} cannot claim a foul against his own shot`);
    if (w.state === 'closed') return no('claim_window_closed', 'the next shot has begun');
    if (w.state !== 'open') return no('already_claimed', 'the foul was already claimed');
    if (e.t > w.until) return no('claim_window_closed', `the claim window closed ${Math.round((e.t - w.until) / 100) / 10} s ago`);
    return null;
  }
  if (w.state === 'claimed' && w.over) return no('claim_window_closed', 'the next shot has begun: the claim stands');
  if (w.state !== 'claimed') return no('not_claimed', w.state === 'disputed' ? 'the claim is already disputed' : 'no claim stands on this decision');
  if (e.player !== w.against) return no('not_against_you', `only ${w.against}, whom the claim is against, may dispute it`);
  return null;
}

function put(c: Claims, w: ClaimView): Claims {
  const rest = c.windows.filter((x) => x.decision !== w.decision);
  return { windows: [...rest, w].slice(-KEEP) };
}

/** The ruling the referee gave on a disputed claim, if `e` is one. */
export function rulingOf(c: Claims, e: GameEvent): { window: ClaimView; upheld: boolean } | null {
  if (e.type !== 'decide' || !e.decision.endsWith(DISPUTE_SUFFIX)) return null;
  const w = c.windows.find((x) => x.decision === e.decision.slice(0, -DISPUTE_SUFFIX.length));
  if (!w || w.state !== 'disputed' || (e.answer !== UPHOLD && e.answer !== REJECT)) return null;
  return { window: w, upheld: e.answer === UPHOLD };
}

/** The claims after one more event of the log (any event: most change nothing). */
export function trackClaims(c: Claims, e: GameEvent): Claims {
  switch (e.type) {
    case 'decide': {
      if (e.claim) {
        const { against, foul, until, kind } = e.claim;
        return put(c, { decision: e.decision, kind, against, foul, legal: e.answer, until, state: 'open', decidedSeq: e.seq ?? -1 });
      }
      const r = rulingOf(c, e);
      return r ? put(c, { ...r.window, state: r.upheld ? 'upheld' : 'rejected' }) : c;
    }
    case 'strike':
      // The next shot has begun: an open window closes (PendingDecision.claim: "until the next strike"),
      // and a claim standing can no longer be disputed.
      return c.windows.some((w) => !w.over)
        ? { windows: c.windows.map((w) => (w.over ? w : { ...w, over: true, ...(w.state === 'open' ? { state: 'closed' as const } : {}) })) }
        : c;
    case 'claim':
    case 'dispute': {
      if (claimRefusal(c, e)) return c;
      const w = c.windows.find((x) => x.decision === e.decision)!;
      return put(c, e.type === 'claim' ? { ...w, state: 'claimed', claimedBy: e.player } : { ...w, state: 'disputed', disputedBy: e.player });
    }
    default:
      return c;
  }
}

/** The answer a decision has after this event changed the course of its claim, or null: none changes. */
export function answerAfter(before: Claims, e: GameEvent): { decision: string; answer: string } | null {
  if (e.type === 'claim' && !claimRefusal(before, e)) {
    const w = before.windows.find((x) => x.decision === e.decision)!;
    return { decision: w.decision, answer: w.foul };
  }
  const r = rulingOf(before, e);
  return r && !r.upheld ? { decision: r.window.decision, answer: r.window.legal } : null;
}

function disputeQuestion(w: ClaimView, name: (id: string) => string): PendingDecision {
  return {
    id: `${w.decision}${DISPUTE_SUFFIX}`,
    kind: 'claim.dispute',
    question: `${name(w.claimedBy ?? '?')} claims a foul by ${name(w.against)} (decision ${w.decision}); ${name(w.against)} disputes it. Does the foul stand?`,
    options: [
      { value: UPHOLD, label: 'Yes, the foul stands' },
      { value: REJECT, label: 'No foul: the shot was legal' },
    ],
    default: null,
    answeredBy: 'referee',
    // Machine-readable: the screens name the players and the foul from these (dashboard/src/decisions.ts).
    evidence: [`claimed by ${w.claimedBy ?? '?'}, disputed by ${w.disputedBy ?? '?'}`, `claimed foul: ${w.kind}`],
    raisedAt: w.decidedSeq,
  };
}

/**
 * The summary with the match's claims: `claims` for the screens (open windows and claims in their
 * course), and a disputed claim as a question for the referee, the score provisional until he rules.
 */
export function withClaims(summary: GameSummary, c: Claims): GameSummary {
  if (c.windows.length === 0) return summary;
  const name = (id: string): string => summary.players.find((p) => p.id === id)?.name ?? id;
  const disputed = c.windows.filter((w) => w.state === 'disputed').map((w) => disputeQuestion(w, name));
  return {
    ...summary,
    claims: [...c.windows],
    ...(disputed.length > 0 ? { pending: [...summary.pending, ...disputed], provisional: true } : {}),
  };
}
