/**
 * Golf billiards (bumper pool) scoreboard: balls left per side, sets, whose turn, the turn clock
 * (the seconds to "TIME", then "TIME" and the seconds left to play the stroke), the re-spot point
 * choice when one is open.
 */
import { h } from '../dom';
import { num, t } from '../i18n';
import { countdown, secondsText, secondsUntil, statTable } from './common';
import { hubTime } from '../hub-time';
import { localizeDecision } from '../decisions';
import type { GolfBilliardsReport as GolfReport } from '../../../shared/reports/golf-billiards';

export type { GolfReport };

/** The turn clock at hub time `now`: not running, counting to "TIME", or "TIME" called and counting to the deadline. */
export type GolfClock = { phase: 'idle' } | { phase: 'turn' | 'time'; seconds: number };

/**
 * "TIME" shows as soon as the hub called it (`timeCalledAt`) or the hub's time passed `timeAt`
 * (the hub's call is on its way). The report's `expired` is not read: the engine never sets it.
 */
export function golfClock(r: Pick<GolfReport, 'clock' | 'config'>, now: number = hubTime()): GolfClock {
  const c = r.clock;
  if (!c || !r.config || (c.startedAt === null && c.timeCalledAt === null)) return { phase: 'idle' };
  const turnMs = r.config.turnMs;
  const graceMs = r.config.graceMs ?? 10_000;
  // A report without the two moments (an older hub): the same sums as the engine's.
  const timeAt = c.timeAt ?? c.timeCalledAt ?? (c.startedAt === null ? null : c.startedAt + turnMs);
  const deadline = c.deadline ?? (c.timeCalledAt !== null ? c.timeCalledAt + graceMs : timeAt === null ? null : timeAt + graceMs);
  const called = c.timeCalledAt !== null || (timeAt !== null && now >= timeAt);
  const seconds = secondsUntil(called ? deadline : timeAt, now);
  return seconds === null ? { phase: 'idle' } : { phase: called ? 'time' : 'turn', seconds };
}

function clockText(c: GolfClock): string {
  if (c.phase === 'idle') return '–';
  return c.phase === 'time' ? `${t('golf.time')} · ${secondsText(c.seconds)}` : secondsText(c.seconds);
}

export function golfBoard(r: GolfReport, names: (id: string) => string, clocks = true): HTMLElement {
  const box = h('section', { class: 'board golf' });
  if (!r.started || !r.sides || !r.set || !r.config) return box;
  box.append(
    h(
      'dl',
      { class: 'facts' },
      h('dt', {}, t('golf.set')),
      h('dd', { 'data-fact': 'set' }, num(r.set.number)),
      h('dt', {}, t('golf.setsToWin')),
      h('dd', {}, num(r.config.setsToWin)),
      h('dt', {}, t('golf.turn')),
      h('dd', { 'data-fact': 'turn' }, r.set.player ? names(r.set.player) : '–'),
      h('dt', {}, t('golf.clock')),
      countdown(h('dd', { 'data-fact': 'clock' }), (el) => {
        const clock: GolfClock = clocks ? golfClock(r) : { phase: 'idle' };
        el.textContent = clockText(clock);
        el.dataset['phase'] = clock.phase;
        el.classList.toggle('time-called', clock.phase === 'time');
      }),
    ),
  );
  if (r.set.zonePlay) box.append(h('p', { class: 'badge warn' }, t('golf.zone')));
  box.append(
    statTable(
      t('golf.sides'),
      [t('col.side'), t('golf.left'), t('golf.holed'), t('golf.sets')],
      r.sides.map((s) => [s.players.map(names).join(' & ') || s.side, h('span', { 'data-left': s.side }, num(s.left)), num(s.holed), num(s.setsWon)]),
    ),
  );
  // An open re-spot choice: which ball, and the points to choose from (answered on the phone or the referee panel).
  const respot = (r.pending ?? []).filter((d) => d.kind === 'golf-billiards.respot' || d.kind === 'golf-billiards.respot_repeat');
  for (const d of respot) {
    const text = localizeDecision(d, names);
    box.append(
      h('p', { class: 'badge warn', 'data-fact': 'respot' }, `${text.question} ${t('golf.respot', { options: text.options.map((o) => o.label).join(' · ') })}`),
    );
  }
  return box;
}
