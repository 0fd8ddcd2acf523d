/**
 * History: finished matches, per-player statistics (all games; carom club ranking; minigolf
 * lane statistics), exports; and one match in detail (#/match/<id>) with the run of every
 * inning charted for carom and the scorecards for minigolf.
 */
import { h, link, fmtTime } from '../dom';
import { getJson } from '../api';
import { num, t, tMaybe } from '../i18n';
import { decisions, gameName, scoreLine, statTable, statusText, summaryLine, headlineText } from '../games/common';
import { gameBoard } from '../games';
import { scorecards } from '../games/minigolf';
import type { MinigolfReport } from '../../../shared/reports/minigolf';
import type { CaromReport } from '../../../shared/reports/carom';
import { runsChart } from '../chart';
import type { View } from '../router';
import type { GameSummary, MatchRecord } from '../types';
import { findGame, type BoardKind } from '../../../shared/game/catalogue';
import type { PlayerStats } from '../../../shared/api/players';

const exportsBlock = (): HTMLElement =>
  h(
    'section',
    { class: 'panel', id: 'exports' },
    h('h3', {}, t('hist.exports')),
    h(
      'ul',
      { class: 'links' },
      h('li', {}, link('/api/exports/matches.csv', t('hist.matchesCsv'), { download: 'matches.csv' })),
      h('li', {}, link('/api/exports/matches.json', t('hist.matchesJson'), { download: 'matches.json' })),
      h('li', {}, link('/api/exports/players.csv', t('hist.playersCsv'), { download: 'players.csv' })),
      h('li', {}, link('/api/exports/players.json', t('hist.playersJson'), { download: 'players.json' })),
    ),
  );

export const historyView: View = (root) => {
  const list = h('div', { id: 'history-list' });
  const stats = h('div', { id: 'player-stats' });
  root.append(h('h2', {}, t('nav.history')), exportsBlock(), h('h3', {}, t('hist.finished')), list, h('h3', {}, t('hist.players')), stats);
  void getJson<{ matches: MatchRecord[] }>('/api/matches?limit=200')
    .then((r) => {
      const done = r.matches.filter((m) => m.status !== 'playing');
      list.replaceChildren(
        done.length === 0
          ? h('p', { class: 'muted' }, t('hist.none'))
          : statTable(
              t('hist.finished'),
              [t('hist.when'), t('col.table'), t('col.game'), t('hist.result'), t('col.status')],
              done.map((m) => [
                link(`#/match/${encodeURIComponent(m.id)}`, fmtTime(m.endedAt ?? m.startedAt)),
                m.table,
                gameName(m.game),
                m.summary ? `${headlineText(m.summary)}${m.summary.fromSheet ? ` · ${t('sheet.from')}` : ''}` : '–',
                statusText(m.status),
              ]),
            ),
      );
    })
    .catch(() => undefined);
  void getJson<PlayerStats>('/api/players')
    .then((s) => {
      stats.replaceChildren(
        statTable(
          t('hist.allGames'),
          [t('col.player'), t('hist.games'), t('hist.wins'), t('hist.draws'), t('hist.losses')],
          s.players.map((p) => [p.name, num(p.games), num(p.wins), num(p.draws), num(p.losses)]),
        ),
        s.carom.length
          ? statTable(
              t('hist.caromRanking'),
              [
                t('col.player'),
                t('hist.games'),
                t('hist.wins'),
                t('carom.points'),
                t('carom.innings'),
                t('carom.average'),
                t('carom.highRun'),
                t('hist.bestAverage'),
              ],
              s.carom.map((p) => [
                p.name,
                num(p.games),
                num(p.wins),
                num(p.points),
                num(p.innings),
                num(p.average, 3),
                num(p.highRun),
                num(p.bestSingleAverage, 3),
              ]),
            )
          : '',
        s.lanes.length
          ? statTable(
              t('hist.laneStats'),
              [t('hist.lane'), t('hist.plays'), t('hist.laneAverage'), t('hist.aces'), t('hist.maxed')],
              s.lanes.map((l) => [num(l.lane), num(l.plays), num(l.average, 2), num(l.aces), num(l.max)]),
            )
          : '',
      );
    })
    .catch(() => undefined);
};

/** Per kind of board (the game's catalogue entry): what a match's page shows besides the board, and whether it shows the board. */
const MATCH_DETAIL: Partial<Record<BoardKind, (report: unknown, enc: string) => { items: HTMLElement[]; board: boolean }>> = {
  // Carom: the run of every inning, charted, above the board.
  carom: (report, enc) => {
    const r = report as CaromReport;
    return {
      items: [
        h(
          'figure',
          { class: 'chart-box' },
          runsChart(
            r.players.map((p) => ({ name: p.name, values: p.runs })),
            t('hist.runsChart'),
            t('carom.inning'),
          ),
          h('figcaption', {}, t('hist.runsChart')),
        ),
        h('p', { class: 'links' }, link(`#/print/${enc}`, t('hist.printSheets'), { 'data-print': '' })),
      ],
      board: true,
    };
  },
  // Minigolf: the scorecards and their printable and CSV forms, instead of the board.
  minigolf: (report, enc) => ({
    items: [
      h('h3', {}, t('mg.scorecards')),
      scorecards(report as MinigolfReport),
      h(
        'ul',
        { class: 'links' },
        h('li', {}, link(`#/print/${enc}`, t('hist.printSheets'), { 'data-print': '' })),
        h('li', {}, link(`/api/matches/${enc}/scorecards.html`, t('hist.printCards'), { target: '_blank' })),
        h('li', {}, link(`/api/matches/${enc}/scorecards.csv`, t('hist.cardsCsv'))),
        h('li', {}, link(`/api/matches/${enc}/results.csv`, t('hist.resultsCsv'))),
        h('li', {}, link(`/api/matches/${enc}/team-results.csv`, t('hist.teamResultsCsv'))),
      ),
    ],
    board: false,
  }),
};

export const matchView: View = (root, route) => {
  const id = route.arg;
  const box = h('div', { id: 'match-detail' });
  root.append(box);
  void getJson<{
    record: MatchRecord;
    summary: GameSummary;
    report: unknown;
    corrections: { seq: number; type: string; why?: string; who?: string }[];
    events: number;
  }>(`/api/matches/${encodeURIComponent(id)}`)
    .then((d) => {
      const game = d.record.game;
      // A match ended by people keeps the engine's last summary: show the record's status, nobody to play.
      if (d.record.status !== 'playing' && d.summary.status === 'playing') d.summary = { ...d.summary, status: d.record.status, turn: null };
      const enc = encodeURIComponent(id);
      box.append(
        h('h2', {}, `${gameName(game)} · ${d.record.table}`),
        h('p', { class: 'muted' }, `${fmtTime(d.record.startedAt)} – ${fmtTime(d.record.endedAt)} · ${t('hist.events', { n: d.events })}`),
        scoreLine(d.summary),
        summaryLine(d.summary),
        h('p', { class: 'headline' }, headlineText(d.summary)),
      );
      if (d.summary.fromSheet) box.append(h('p', { class: 'from-sheet', id: 'from-sheet' }, t('sheet.from')));
      // What the game's kind of board adds to a match's page (a chart, printable cards), and whether
      // the board itself is shown; a match no longer played has no running clock, whatever its last report says.
      const detail = MATCH_DETAIL[findGame(game)?.board ?? 'summary']?.(d.report, enc) ?? { items: [], board: true };
      box.append(...detail.items);
      if (detail.board) box.append(gameBoard(game, d.report, d.summary, { clocks: d.record.status === 'playing' }));
      if (d.summary.pending.length) box.append(decisions(d.summary.pending, undefined, undefined, d.summary));
      box.append(
        h('h3', {}, t('hist.corrections')),
        d.corrections.length
          ? h(
              'ul',
              { class: 'corrections' },
              ...d.corrections.map((c) =>
                h(
                  'li',
                  { 'data-correction': c.type },
                  `#${c.seq} ${tMaybe(`corr.${c.type}`, c.type)}${c.who ? ` · ${c.who}` : ''}${c.why ? ` · ${c.why}` : ''}`,
                ),
              ),
            )
          : h('p', { class: 'muted' }, t('hist.noCorrections')),
        h('p', {}, link(`/api/matches/${enc}`, t('hist.json')), ' · ', link(`/api/matches/${enc}/events`, t('hist.log'))),
      );
    })
    .catch(() => box.append(h('p', {}, t('err.AR_NOT_FOUND'))));
};
