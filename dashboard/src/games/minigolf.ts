/**
 * Minigolf scoreboard: live leaderboard of the tournament, lane status (which group is on
 * which lane, who plays), each group's stroke clock, the scorecard of each group's round, and
 * every round's scorecards. (A holed ball is shown as it happens by the scoreboard view, from the
 * live event.)
 */
import { h } from '../dom';
import { num, t, tMaybe } from '../i18n';
import { countdown, secondsText, secondsUntil, statTable } from './common';
import { hubTime } from '../hub-time';
import type { MinigolfReport, MinigolfRoundReport as Card, StrokeClock } from '../../../shared/reports/minigolf';

export type { MinigolfReport, StrokeClock };

const lanesPlayed = (rounds: Card[]): number => rounds.reduce((a, c) => a + c.lanes.filter((v) => v !== null).length, 0);

/**
 * The ranking counts complete rounds only (the rules' standings); beside it, the strokes each
 * player has so far and the lanes played, which is what moves during a round.
 */
export function leaderboard(r: MinigolfReport): HTMLElement {
  const box = h('div', { class: 'leaderboard' });
  const byId = new Map(r.players.map((p) => [p.id, p]));
  for (const cat of r.ranking) {
    box.append(
      statTable(
        `${t('mg.leaderboard')}${cat.category && cat.category !== 'all' ? ` · ${cat.category}` : ''}`,
        [t('mg.place'), t('col.player'), t('mg.total'), t('mg.live'), t('mg.played')],
        cat.lines.map((l) => {
          const p = byId.get(l.player);
          return [
            `${num(l.place)}${l.shared ? '=' : ''}`,
            l.name,
            num(l.total),
            h('span', { 'data-live': l.player }, p ? num(p.total) : '–'),
            p ? num(lanesPlayed(p.rounds)) : '–',
          ];
        }),
      ),
    );
  }
  return box;
}

function laneHead(r: MinigolfReport): string[] {
  return Array.from({ length: r.config.lanes }, (_, i) => String(i + 1));
}

function cardRow(p: MinigolfReport['players'][number], card: Card): (string | HTMLElement)[] {
  return [p.name, ...card.lanes.map((v, i) => h('span', { 'data-card': `${p.id}:${card.round}:${i + 1}` }, v === null ? '' : num(v))), num(card.total)];
}

/** Every round's scorecards (of `only` players, if given). */
export function scorecards(r: MinigolfReport, only?: string[]): HTMLElement {
  const box = h('div', { class: 'scorecards' });
  const players = only ? r.players.filter((p) => only.includes(p.id)) : r.players;
  const rounds = Math.max(0, ...players.map((p) => p.rounds.length));
  for (let round = 0; round < rounds; round++) {
    const rows = players.filter((p) => p.rounds[round]).map((p) => cardRow(p, p.rounds[round]!));
    box.append(statTable(t('mg.round', { n: round + 1 }), [t('col.player'), ...laneHead(r), t('mg.total')], rows));
  }
  return box;
}

/** The card of the round each group is playing (or played last), one table per group. */
export function groupScorecards(r: MinigolfReport): HTMLElement {
  const box = h('div', { class: 'group-cards' });
  for (const g of r.groups) {
    const rows = g.order.flatMap((id) => {
      const p = r.players.find((x) => x.id === id);
      const card = p?.rounds.find((c) => c.round === g.round) ?? p?.rounds.at(-1);
      return p && card ? [cardRow(p, card)] : [];
    });
    box.append(
      h(
        'div',
        { 'data-group-card': g.id },
        statTable(t('mg.groupCard', { group: g.id, round: g.round }), [t('col.player'), ...laneHead(r), t('mg.total')], rows),
      ),
    );
  }
  return box;
}

/** Every lane: the group on it, its round and who plays (or whom it waits for), or free. */
export function laneStatus(r: MinigolfReport, names: (id: string) => string): HTMLElement {
  const rows = Array.from({ length: r.config.lanes }, (_, i) => {
    const here = r.groups.filter((g) => !g.done && g.lane === i + 1);
    const what =
      here.length === 0
        ? t('mg.free')
        : here
            .map((g) =>
              g.toPlay
                ? t('mg.groupPlays', { group: g.id, round: g.round, name: names(g.toPlay) })
                : g.waitsFor
                  ? t('mg.groupWaits', { group: g.id, round: g.round, other: g.waitsFor })
                  : t('mg.groupAt', { group: g.id, lane: i + 1, round: g.round }),
            )
            .join(' · ');
    return [num(i + 1), h('span', { 'data-lane': i + 1, 'data-busy': String(here.length > 0) }, what)];
  });
  const done = r.groups.filter((g) => g.done).map((g) => t('mg.groupDone', { group: g.id }));
  return h(
    'div',
    { class: 'lanes' },
    statTable(t('mg.lanes'), [t('hist.lane'), t('mg.status')], rows),
    done.length ? h('p', { class: 'muted' }, done.join(' · ')) : null,
  );
}

/** The players to play now, one per group on a lane: for the stroke clock's start and a tapped stroke. */
export function playersToPlay(report: unknown): { player: string; group: string; lane: number | null }[] {
  const groups = (report as Partial<MinigolfReport> | null | undefined)?.groups ?? [];
  return groups.filter((g) => !g.done && g.toPlay).map((g) => ({ player: g.toPlay!, group: g.id, lane: g.lane }));
}

/** A group's stroke clock at hub time `now`: seconds left, or null while it waits for its start. */
export function strokeClockLeft(c: StrokeClock, now: number = hubTime()): number | null {
  if (c.startedAt === null) return null;
  return secondsUntil(c.dueAt ?? c.startedAt + c.seconds * 1000, now);
}

/**
 * Every group's stroke clock: the player it runs for, the limit, and the seconds left to `dueAt`,
 * or "waiting for start" and what starts it (a ball coming to rest starts it by itself; the other
 * starts need a `clock` start from the referee panel).
 */
export function strokeClocks(r: MinigolfReport, names: (id: string) => string): HTMLElement | null {
  const live = r.groups.filter((g) => !g.done && g.clock);
  if (live.length === 0) return null;
  const rows = live.map((g) => {
    const c = g.clock!;
    const cell =
      c.startedAt === null
        ? h('span', { 'data-mg-clock': g.id, 'data-running': 'false' }, t('mg.clockWaiting', { what: tMaybe(`mg.startsOn.${c.startsOn}`, c.startsOn) }))
        : countdown(h('span', { 'data-mg-clock': g.id, 'data-running': 'true' }), (el) => {
            const left = strokeClockLeft(c);
            el.textContent = secondsText(left);
            el.classList.toggle('time-called', left === 0);
          });
    return [
      t('mg.group', { group: g.id }),
      h('span', { 'data-mg-clock-player': g.id }, names(c.player)),
      h('span', { 'data-mg-clock-limit': g.id }, secondsText(c.seconds)),
      cell,
    ];
  });
  return h('div', { class: 'stroke-clocks' }, statTable(t('mg.strokeClock'), [t('mg.groupCol'), t('col.player'), t('mg.limit'), t('mg.left')], rows));
}

export function minigolfBoard(r: MinigolfReport, names: (id: string) => string, clocks = true): HTMLElement {
  return h(
    'section',
    { class: 'board minigolf' },
    leaderboard(r),
    laneStatus(r, names),
    clocks ? strokeClocks(r, names) : null,
    h('h3', {}, t('mg.groupCards')),
    groupScorecards(r),
    h('details', { class: 'all-cards' }, h('summary', {}, t('mg.allCards')), scorecards(r)),
  );
}
