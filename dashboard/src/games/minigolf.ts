/**
 * Minigolf scoreboard: live leaderboard of the tournament, group scorecards, lane status.
 * (A holed ball is shown as it happens by the table view, from the live event.)
 */
import { h } from '../dom';
import { num, t } from '../i18n';
import { statTable } from './common';

export interface MinigolfReport {
  status: string;
  config: { lanes: number; rounds: number; max: number };
  players: { id: string; name: string; total: number; rounds: { round: number; lanes: (number | null)[]; total: number }[] }[];
  groups: { id: string; round: number; lane: number | null; order: string[]; toPlay: string | null; done: boolean }[];
  ranking: { category: string; lines: { place: number; player: string; name: string; total: number; shared: boolean }[] }[];
}

export function leaderboard(r: MinigolfReport): HTMLElement {
  const box = h('div', { class: 'leaderboard' });
  for (const cat of r.ranking) {
    box.append(statTable(`${t('mg.leaderboard')}${cat.category && cat.category !== 'all' ? ` · ${cat.category}` : ''}`, [t('mg.place'), t('col.player'), t('mg.total')],
      cat.lines.map((l) => [`${num(l.place)}${l.shared ? '=' : ''}`, l.name, num(l.total)])));
  }
  return box;
}

export function scorecards(r: MinigolfReport, onlyGroup?: string[]): HTMLElement {
  const lanes = Array.from({ length: r.config.lanes }, (_, i) => String(i + 1));
  const box = h('div', { class: 'scorecards' });
  const players = onlyGroup ? r.players.filter((p) => onlyGroup.includes(p.id)) : r.players;
  const rounds = Math.max(0, ...players.map((p) => p.rounds.length));
  for (let round = 0; round < rounds; round++) {
    const rows = players.filter((p) => p.rounds[round]).map((p) => [p.name, ...p.rounds[round]!.lanes.map((v) => (v === null ? '' : num(v))), num(p.rounds[round]!.total)]);
    box.append(h('div', { class: 'scroll' }, statTable(t('mg.round', { n: round + 1 }), [t('col.player'), ...lanes, t('mg.total')], rows)));
  }
  return box;
}

export function minigolfBoard(r: MinigolfReport, names: (id: string) => string): HTMLElement {
  const box = h('section', { class: 'board minigolf' });
  box.append(leaderboard(r));
  const groups = h('ul', { class: 'lanes' });
  for (const g of r.groups) {
    groups.append(h('li', { 'data-group': g.id, 'data-lane': g.lane ?? '' },
      g.done ? t('mg.groupDone', { group: g.id }) : t('mg.groupAt', { group: g.id, lane: g.lane ?? '–', round: g.round }),
      g.toPlay ? ` · ${t('mg.toPlay', { name: names(g.toPlay) })}` : ''));
  }
  box.append(h('h3', {}, t('mg.lanes')), groups);
  box.append(h('h3', {}, t('mg.scorecards')), scorecards(r));
  return box;
}
