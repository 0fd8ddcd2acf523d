/**
 * Claims on the phone and the TV (docs/claims.md): a foul no sensor sees was taken as not
 * committed; the shooter's opponents get one button each to claim it while the window is open,
 * counting down on the hub's time; a claim standing gets the shooter's button to dispute it; a
 * dispute says the referee decides. Without a token the panel says where to claim.
 */
import { h, button } from '../dom';
import { t } from '../i18n';
import type { GameSummary } from '../types';
import type { ClaimView } from '../../../shared/game/engine';
import { claimText } from '../decisions';
import { countdown, playerName, secondsText, secondsUntil } from './common';

/** What the panel sends: a claim or a dispute by a player; resolves with the hub's answer. */
export type ClaimSend = (body: { type: 'claim' | 'dispute'; decision: string; player: string }) => void;

/** The players who may claim a foul against `against`: everyone else, but not his own side. */
export function claimersOf(s: GameSummary, against: string): string[] {
  const side = s.players.find((p) => p.id === against)?.side;
  return s.players.filter((p) => p.id !== against && (side === undefined || p.side !== side)).map((p) => p.id);
}

/** The windows worth showing: those of the shot just played, and a dispute waiting for the referee. */
function shown(s: GameSummary): ClaimView[] {
  return (s.claims ?? []).filter(
    (w) => w.state === 'disputed' || (!w.over && w.state !== 'closed' && (w.state !== 'open' || (secondsUntil(w.until) ?? 0) > 0)),
  );
}

/** `onPhone`: without buttons, say where the players claim (the TV); the referee panel does not. */
function windowOf(w: ClaimView, s: GameSummary, send: ClaimSend | null, onPhone: boolean): HTMLElement {
  const name = (id: string | undefined): string => playerName(s, id ?? null);
  const body: (HTMLElement | null)[] = [
    h('p', { class: 'claim-foul' }, claimText(w.kind)),
    h('p', { class: 'muted' }, t('claim.against', { name: name(w.against) })),
  ];
  if (w.state === 'open') {
    const draw = (el: HTMLElement): void => {
      const left = secondsUntil(w.until);
      el.textContent = t('claim.closesIn', { s: secondsText(left) });
      // When the window has run out, it goes (the hub would refuse a late claim, and says so).
      if (left === 0) {
        const section = el.closest('section.claims');
        el.closest('article')?.remove();
        if (section && !section.querySelector('article')) section.remove();
      }
    };
    body.push(countdown(h('p', { class: 'claim-countdown', role: 'timer', 'data-until': String(w.until) }), draw));
    if (send && (secondsUntil(w.until) ?? 0) > 0)
      body.push(
        h(
          'div',
          { class: 'options' },
          ...claimersOf(s, w.against).map((p) =>
            button(t('claim.button', { name: name(p) }), () => send({ type: 'claim', decision: w.decision, player: p }), {
              class: 'option claim-button',
              'data-claim': w.decision,
              'data-player': p,
            }),
          ),
        ),
      );
    else if (!send && onPhone) body.push(h('p', { class: 'muted' }, t('claim.onPhone')));
  } else if (w.state === 'claimed') {
    body.push(h('p', { class: 'claim-state' }, t('claim.claimed', { name: name(w.claimedBy) })));
    if (send)
      body.push(
        button(t('claim.disputeButton', { name: name(w.against) }), () => send({ type: 'dispute', decision: w.decision, player: w.against }), {
          class: 'option secondary',
          'data-dispute': w.decision,
          'data-player': w.against,
        }),
      );
  } else if (w.state === 'disputed') {
    body.push(h('p', { class: 'claim-state' }, t('claim.disputed', { name: name(w.disputedBy) })));
  } else {
    body.push(h('p', { class: 'claim-state' }, t(w.state === 'upheld' ? 'claim.upheld' : 'claim.rejected')));
  }
  return h('article', { class: 'claim', 'data-claim': w.decision, 'data-kind': w.kind, 'data-state': w.state }, ...body);
}

/**
 * The claims panel, or null when no foul of the last shot is open to a claim or in its course.
 * `referee`: the referee panel's (every window's course, no buttons: a dispute is his question
 * among the open ones, answered there).
 */
export function claimsPanel(s: GameSummary, send: ClaimSend | null, opts: { referee?: boolean } = {}): HTMLElement | null {
  const list = shown(s);
  if (list.length === 0) return null;
  const referee = opts.referee === true;
  return h(
    'section',
    { class: 'claims', id: referee ? 'ref-claims' : undefined, 'aria-label': t('claim.title') },
    h('h3', {}, t(referee ? 'ref.claims' : 'claim.title')),
    ...list.map((w) => windowOf(w, s, referee ? null : send, !referee)),
  );
}
