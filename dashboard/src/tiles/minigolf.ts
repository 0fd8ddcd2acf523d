/**
 * The minigolf tile: the leaderboard by total strokes so far (each player's lanes played, 1s and
 * 7s), each group's lane and who plays there, and on a big tile (the whole screen or half of it)
 * the scorecard of the round each group plays. A smaller tile drops the scorecards, and keeps as
 * many leaderboard lines as it has room for, saying how many more there are (views/tv.ts `fit`).
 */
import { h } from '../dom';
import { t } from '../i18n';
import { groupScorecards } from '../games/minigolf';
import type { MinigolfReport } from '../../../shared/reports/minigolf';
import { minigolfLines } from './figures';
import { fig, n, playerLine, playersList, roomy } from './common';
import type { TileBody } from './types';

function groups(r: MinigolfReport, name: (id: string) => string): HTMLElement | null {
  const live = r.groups.filter((g) => !g.done);
  if (live.length === 0) return null;
  return h(
    'ul',
    { class: 'mg-groups' },
    ...live.map((g) =>
      h(
        'li',
        { 'data-group-lane': g.id, 'data-lane': g.lane ?? '' },
        h('span', { class: 'mg-where' }, g.lane === null ? t('mg.group', { group: g.id }) : t('tv.groupLane', { group: g.id, lane: g.lane })),
        g.toPlay ? h('span', { class: 'mg-who' }, t('tv.toPlay', { name: name(g.toPlay) })) : null,
      ),
    ),
  );
}

export const minigolfTile: TileBody = (d, size) => {
  const r = d.report as MinigolfReport;
  const s = d.summary;
  const bySummary = new Map(s.players.map((p) => [p.id, p]));
  const name = (id: string): string => bySummary.get(id)?.name ?? id;
  const maxes = t('tv.maxes', { max: r.config.max });
  // A wide tile has the figures in columns under one header; a narrow one under each name.
  const columns = size !== 's';
  const head = h(
    'li',
    { class: 'mg-head', 'aria-hidden': 'true' },
    h('span', { class: 'place' }, t('mg.place')),
    h('span', { class: 'name' }, t('col.player')),
    h('span', { class: 'mg-col' }, t('tv.lanes')),
    h('span', { class: 'mg-col' }, t('tv.aces')),
    h('span', { class: 'mg-col' }, maxes),
    h('span', { class: 'mg-total' }, t('mg.total')),
  );
  const lines = minigolfLines(r).flatMap((l) => {
    const sp = bySummary.get(l.player);
    if (!sp) return [];
    const cells = [
      { key: 'played', label: t('tv.lanes'), value: n(l.lanesPlayed) },
      { key: 'aces', label: t('tv.aces'), value: n(l.aces) },
      { key: 'maxes', label: maxes, value: n(l.maxes) },
    ];
    const li = playerLine(s, sp, {
      before: h('span', { class: 'place', 'data-place': l.place }, `${n(l.place)}${l.shared ? '=' : ''}`),
      after: columns ? [] : [h('div', { class: 'figs' }, ...cells.map((c) => fig(c.key, c.label, c.value)))],
    });
    // In columns, the figures sit in the line's row, between the name and the total.
    if (columns) li.querySelector('.points')!.before(...cells.map((c) => h('span', { class: 'mg-col', 'data-fig': c.key }, c.value)));
    return [li];
  });
  const board = playersList(s, lines, `mg-board${columns ? ' mg-columns' : ''}`);
  if (columns) board.prepend(head);
  board.dataset['fit'] = '';
  const body = h(
    'div',
    { class: 'tile-body minigolf-tile' },
    d.state === 'playing' ? groups(r, name) : null,
    board,
    roomy(size) && d.state === 'playing' ? h('div', { class: 'mg-cards', 'data-drop': '1' }, groupScorecards(r)) : null,
  );
  const facts = [h('span', { 'data-fact': 'course' }, t('tv.course', { lanes: r.config.lanes, rounds: r.config.rounds }))];
  return { facts, body };
};
