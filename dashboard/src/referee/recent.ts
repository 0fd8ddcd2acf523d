/**
 * Corrections on the referee panel: the reason (the hub refuses a correction without one), undo and
 * redo, and the last shots in force newest first (GET /api/tables/:table/recent) with the questions
 * answered in them. "Change" beside an answer opens its other answers as buttons: one tap sends an
 * `override` of that decision (no id to type). Undo, redo and override are events of the match log
 * (hub/rules/common/replay.ts), so a replay of the log gives the same match.
 */
import { h, button, keepingFocus } from '../dom';
import { getJson } from '../api';
import { num, t } from '../i18n';
import { localizeDecision } from '../decisions';
import type { RecentAnswer, RecentDecision, RecentShot, RecentView } from '../../../shared/api/recent';

export interface RecentDeps {
  table: string;
  /** A player's (or side's) name. */
  names(id: string): string;
  /** Posts a correction; resolves true when the hub took it. */
  correct(body: Record<string, unknown>): Promise<boolean>;
  say(text: string, ok?: boolean): void;
  /** A new list came (the table's places with it). */
  loaded?(v: RecentView | null): void;
}

/** "Ayşe +1 (23)": the players whose score the shot changed, with their score after it. */
function scoreText(s: RecentShot, names: (id: string) => string): string {
  const moved = s.scores.filter((x) => x.change !== 0);
  if (moved.length === 0) return t('ref.noChange');
  return moved.map((x) => `${names(x.id)} ${x.change > 0 ? '+' : '−'}${num(Math.abs(x.change))} (${num(x.score)})`).join(' · ');
}

export function recentPanel(deps: RecentDeps): { el: HTMLElement; reason: HTMLInputElement; update(key: string | null): void; view(): RecentView | null } {
  const reason = h('input', { type: 'text', id: 'reason', maxlength: 400, autocomplete: 'off', placeholder: t('ref.reasonHint') });
  const undo = h('button', { type: 'button', id: 'undo', class: 'secondary' }, t('ref.undo'));
  const redo = h('button', { type: 'button', id: 'redo', class: 'secondary' }, t('ref.redo'));
  const list = h('ol', { class: 'recent', id: 'recent-list', 'aria-live': 'polite' });
  const el = h(
    'section',
    { class: 'panel ref-recent', id: 'ref-recent', 'aria-label': t('ref.corrections') },
    h('h3', {}, t('ref.corrections')),
    h('div', { class: 'correct-row' }, h('label', { class: 'field reason' }, h('span', {}, t('ref.reason')), reason), undo, redo),
    h('h3', {}, t('ref.recent')),
    list,
  );
  let current: RecentView | null = null;
  let open: string | null = null;

  /** The reason typed in, or null after asking for one. */
  const why = (): string | null => {
    const text = reason.value.trim();
    if (text) return text;
    deps.say(t('ref.needReason'));
    reason.focus();
    return null;
  };
  const send = (body: Record<string, unknown>): void => {
    const w = why();
    if (w) void deps.correct({ ...body, why: w, by: 'referee' });
  };
  undo.addEventListener('click', () => send({ type: 'undo' }));
  redo.addEventListener('click', () => send({ type: 'redo' }));

  const decidedRow = (d: RecentDecision): HTMLElement => {
    const text = localizeDecision(d.decision, deps.names);
    const label = (v: string): string => text.options.find((o) => o.value === v)?.label ?? v;
    const row = h(
      'li',
      { class: 'decided', 'data-decided': d.decision.id, 'data-answer': d.answer },
      h('span', { class: 'question', title: text.question }, text.question),
      h('span', { class: 'answer' }, label(d.answer)),
      button(
        t('ref.change'),
        () => {
          open = open === d.decision.id ? null : d.decision.id;
          draw();
        },
        { class: 'secondary change', 'data-change': d.decision.id, 'aria-expanded': String(open === d.decision.id) },
      ),
    );
    if (open === d.decision.id)
      row.append(
        h(
          'div',
          { class: 'options change-options', role: 'group', 'aria-label': t('ref.changeTo') },
          ...text.options
            .filter((o) => o.value !== d.answer)
            .map((o) =>
              button(o.label, () => send({ type: 'override', decision: d.decision.id, answer: o.value }), {
                class: 'option',
                'data-override': d.decision.id,
                'data-value': o.value,
              }),
            ),
        ),
      );
    return row;
  };

  const draw = (): void => keepingFocus(list, drawList);
  const drawList = (): void => {
    const v = current;
    undo.disabled = v !== null && !v.undo;
    redo.disabled = v !== null && v.redo === 0;
    redo.textContent = v && v.redo > 1 ? `${t('ref.redo')} (${num(v.redo)})` : t('ref.redo');
    if (!v) return list.replaceChildren();
    // Each answer under the shot that raised its question; older ones at the end.
    const placed = new Set<string>();
    const rows: HTMLElement[] = v.shots.map((s) => {
      const mine = v.decided.filter((d) => d.decision.raisedAt >= s.from && d.decision.raisedAt <= s.to);
      mine.forEach((d) => placed.add(d.decision.id));
      return h(
        'li',
        { class: 'shot', 'data-shot': s.n, 'data-open': String(s.open) },
        h(
          'p',
          { class: 'shot-line' },
          h('span', { class: 'shot-no' }, s.open ? t('ref.shotNow', { n: s.n }) : t('ref.shotN', { n: s.n })),
          h('span', { class: 'shot-player' }, s.player ? deps.names(s.player) : ''),
          h('span', { class: 'shot-score', 'data-shot-score': s.n }, scoreText(s, deps.names)),
        ),
        mine.length ? h('ul', { class: 'shot-decided' }, ...mine.map(decidedRow)) : null,
      );
    });
    const older = v.decided.filter((d) => !placed.has(d.decision.id));
    if (older.length)
      rows.push(
        h(
          'li',
          { class: 'shot earlier' },
          h('p', { class: 'shot-line muted' }, t('ref.earlier')),
          h('ul', { class: 'shot-decided' }, ...older.map(decidedRow)),
        ),
      );
    list.replaceChildren(...(rows.length ? rows : [h('li', { class: 'muted' }, t('ref.noShots'))]));
  };

  // One request at a time; a key that changed while it was on its way asks again once it is back.
  let asked = 0;
  let busy = false;
  let key: string | null = null;
  const load = (): void => {
    if (busy) return;
    if (key === null) {
      current = null;
      return draw();
    }
    busy = true;
    const n = asked;
    void getJson<RecentAnswer>(`/api/tables/${encodeURIComponent(deps.table)}/recent`)
      .then((r) => {
        current = r.match === null ? null : r;
        if (current === null || !current.decided.some((d) => d.decision.id === open)) open = null;
        draw();
        deps.loaded?.(current);
      })
      .catch(() => undefined)
      .finally(() => {
        busy = false;
        if (asked !== n) load();
      });
  };

  draw();
  return {
    el,
    reason,
    update(next) {
      if (next === key && current !== null) return;
      key = next;
      asked++;
      load();
    },
    view: () => current,
  };
}
