/**
 * Pieces every scoreboard shares: the players with their scores and whose turn it is, the
 * pending decisions (with answer buttons where the viewer may answer), small stat tables.
 */
import { h, button, type Child } from '../dom';
import { currentLang, num, t, tMaybe } from '../i18n';
import type { GameSummary, PendingDecision } from '../types';
import { localizeDecision } from '../decisions';
import { hubTime } from '../hub-time';
import { findGame } from '../../../shared/game/catalogue';

export function gameName(game: string): string {
  return tMaybe(findGame(game)?.titleKey ?? game, game);
}

export function statusText(status: string): string {
  return tMaybe(`status.${status}`, status);
}

export function playerName(summary: GameSummary | null, id: string | null | undefined): string {
  if (!id) return '–';
  return summary?.players.find((p) => p.id === id || p.side === id)?.name ?? id;
}

/** The score line: every player (or side) with the main figure, the one to play marked. */
export function scoreLine(s: GameSummary, opts: { big?: boolean } = {}): HTMLElement {
  const box = h('ol', { class: `score${opts.big ? ' big' : ''}`, 'data-provisional': String(s.provisional) });
  for (const p of s.players) {
    const turn = s.turn !== null && (s.turn === p.id || s.turn === p.side);
    box.append(
      h(
        'li',
        {
          class: 'player',
          'data-player': p.id,
          'data-turn': String(turn),
          'data-winner': String(s.winner === p.id || (s.winner !== null && s.winner === p.side)),
        },
        h('span', { class: 'name' }, p.name),
        turn ? h('span', { class: 'turn-mark', title: t('score.toPlay') }, t('score.toPlay')) : null,
        h('span', { class: 'points', 'data-score': p.score }, num(p.score)),
      ),
    );
  }
  return box;
}

/** The match is over (finished or abandoned): nothing in it can be answered or changed any more. */
export function ended(s: GameSummary | null): boolean {
  return s !== null && (s.status === 'finished' || s.status === 'abandoned');
}

export function summaryLine(s: GameSummary): HTMLElement {
  return h(
    'p',
    { class: 'status-line' },
    h('span', { class: 'badge', 'data-status': s.status }, statusText(s.status)),
    // A match that ended is final, whatever was left open: said as such, not as "provisional".
    s.provisional
      ? h('span', { class: 'badge warn', 'data-badge': ended(s) ? 'ended-open' : 'provisional' }, t(ended(s) ? 'score.endedOpen' : 'score.provisional'))
      : null,
    s.winner ? h('span', { class: 'badge ok' }, t('score.winner', { name: playerName(s, s.winner) })) : null,
  );
}

/**
 * The one-line result. The engines write it in English; in another language the page writes its
 * own from the summary (names and scores), so no English is left on a Turkish or Hebrew page.
 */
export function headlineText(s: GameSummary): string {
  if (currentLang() === 'en') return s.headline;
  const [a, b] = s.players;
  if (s.players.length === 2 && a && b) return `${a.name} ${num(a.score)} – ${num(b.score)} ${b.name}`;
  return s.players.map((p) => `${p.name} ${num(p.score)}`).join(' · ');
}

export function decisionQuestion(d: PendingDecision, summary: GameSummary | null = null): string {
  return localizeDecision(d, (id) => playerName(summary, id)).question;
}

/**
 * Pending decisions. `answer` given: a button per option (one tap answers); the default is
 * marked. Without it, the list is read-only. `canAnswer`: which of them this viewer may answer;
 * the others are shown with who must answer them (a question for the referee on a player's
 * phone: the players know to call him), never hidden.
 */
export function decisions(
  list: PendingDecision[],
  answerGiven?: (d: PendingDecision, value: string) => void,
  filter?: (d: PendingDecision) => boolean,
  summary: GameSummary | null = null,
  canAnswer?: (d: PendingDecision) => boolean,
): HTMLElement {
  const shown = filter ? list.filter(filter) : list;
  // Questions left open when the match ended: listed for the record, with nothing to answer or count down.
  const over = ended(summary);
  const answer = over ? undefined : answerGiven;
  const title = over ? t('decision.leftOpen') : t('decision.title');
  const box = h('section', { class: 'decisions', 'aria-label': title, 'data-ended': String(over) }, h('h3', {}, title));
  if (shown.length === 0) box.append(h('p', { class: 'muted' }, t('decision.none')));
  for (const d of shown) {
    const text = localizeDecision(d, (id) => playerName(summary, id));
    const opts = h('div', { class: 'options' });
    const mine = answer !== undefined && (canAnswer?.(d) ?? true);
    for (const o of text.options) {
      const label = o.value === d.default ? `${o.label} · ${t('decision.default')}` : o.label;
      opts.append(
        mine
          ? button(label, () => answer(d, o.value), { 'data-decision': d.id, 'data-value': o.value, class: 'option' })
          : h('span', { class: 'option' }, label),
      );
    }
    box.append(
      h(
        'article',
        { class: 'decision', 'data-decision': d.id, 'data-kind': d.kind, 'data-answered-by': d.answeredBy },
        h('p', { class: 'question' }, text.question),
        h('p', { class: 'who muted' }, d.answeredBy === 'players' ? t('decision.byPlayers') : t('decision.byReferee')),
        answer !== undefined && !mine
          ? h('p', { class: 'ask', role: 'note' }, d.default === null ? t('decision.askReferee') : t('decision.askRefereeOrDefault'))
          : null,
        likelihood(d),
        over ? null : defaultCountdown(d, text.options.find((o) => o.value === d.default)?.label ?? null),
        text.evidence.length ? h('p', { class: 'evidence-title muted' }, t('decision.evidence')) : null,
        text.evidence.length ? h('ul', { class: 'evidence muted', 'aria-label': t('decision.evidence') }, ...text.evidence.map((e) => h('li', {}, e))) : null,
        opts,
      ),
    );
  }
  return box;
}

/** A probability as the page writes it: "87 %" (whole percents, "99.5 %" above 99). */
export function percent(p: number): string {
  const x = p * 100;
  return `${num(x, x > 99 && x < 100 ? 1 : 0)} %`;
}

/** How sure the engine is of its default, when it says (PendingDecision.probability). */
function likelihood(d: PendingDecision): HTMLElement | null {
  if (d.probability === undefined || d.default === null) return null;
  return h('p', { class: 'likely', 'data-probability': String(d.probability) }, t('decision.likely', { p: percent(d.probability) }));
}

/**
 * When the default applies if nobody answers (the hub's `defaultAt`), counting down on the hub's
 * time; "now" when it is due (the engine was sure enough to decide without asking, or the wait is over).
 */
function defaultCountdown(d: PendingDecision, label: string | null): HTMLElement | null {
  const at = d.defaultAt;
  if (at === null || at === undefined || d.default === null) return null;
  const answer = label ?? d.default;
  return countdown(h('p', { class: 'default-countdown', role: 'timer', 'data-default-at': String(at) }), (el) => {
    const s = secondsUntil(at);
    el.textContent = s === 0 ? t('decision.defaultNow', { answer }) : t('decision.defaultIn', { answer, s: secondsText(s) });
  });
}

/**
 * A small table: header labels and rows of cells. It scrolls sideways in its own box when it is
 * wider than the screen (a phone), so the page itself never does.
 */
export function statTable(caption: string, head: string[], rows: Child[][]): HTMLElement {
  return h(
    'div',
    { class: 'scroll' },
    h(
      'table',
      { class: 'stats' },
      h('caption', {}, caption),
      h('thead', {}, h('tr', {}, ...head.map((x) => h('th', { scope: 'col' }, x)))),
      h('tbody', {}, ...rows.map((r) => h('tr', {}, ...r.map((c, i) => (i === 0 ? h('th', { scope: 'row' }, c) : h('td', {}, c)))))),
    ),
  );
}

/** Whole seconds from `now` until `until` (both hub time), never below 0; null without an end. */
export function secondsUntil(until: number | null | undefined, now: number = hubTime()): number | null {
  if (until === null || until === undefined || !Number.isFinite(until)) return null;
  return Math.max(0, Math.ceil((until - now) / 1000));
}

export function secondsText(s: number | null): string {
  return s === null ? '–' : t('clock.seconds', { n: num(s) });
}

const ticking = new WeakMap<Element, () => void>();

/**
 * An element that counts down on the hub's time: `draw` fills it now, and again at every
 * `tickCountdowns` (each second), which changes only these elements: the rest of the board (an
 * open list, a table scrolled sideways on a phone) stays as it is.
 */
export function countdown<E extends HTMLElement>(el: E, draw: (el: E) => void): E {
  draw(el);
  el.setAttribute('data-countdown', '');
  ticking.set(el, () => draw(el));
  return el;
}

/** Redraws every countdown under `root`; false when there is none. */
export function tickCountdowns(root: ParentNode): boolean {
  const els = root.querySelectorAll('[data-countdown]');
  for (const e of els) ticking.get(e)?.();
  return els.length > 0;
}

/** Seconds left on a clock that started at `startedAt` (hub time) with `limitS` seconds. */
export function clockLeft(startedAt: number | null, limitS: number | null, now: number = hubTime()): string {
  if (startedAt === null || limitS === null) return '–';
  return secondsText(secondsUntil(startedAt + limitS * 1000, now));
}
