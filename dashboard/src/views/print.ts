/**
 * Printouts a club files (#/print/<match id>), in the page's language, one A4 sheet per page
 * (print CSS in style.css, "Printouts"):
 * - minigolf: a WMF-style group scorecard, one sheet per group and round: event, venue, date,
 *   round, course, group; a row per player with the lanes, the sum, penalty points and the round's
 *   total; the lines for the players' and the marker's signatures.
 * - carom: the match sheet as clubs keep it on paper: the innings one under the other, each
 *   player's run and running total, then points, innings, general average and high run, the
 *   result and the signatures.
 * Empty fields stay empty lines to write on, never placeholders. Other games have the match page.
 */
import { h, type Child } from '../dom';
import { getJson } from '../api';
import { num, t } from '../i18n';
import { store } from '../store';
import type { View } from '../router';
import type { MatchRecord } from '../types';
import type { CaromReport } from '../../../shared/reports/carom';
import type { MinigolfReport } from '../../../shared/reports/minigolf';
import { findGame, type BoardKind } from '../../../shared/game/catalogue';
import { gameName } from '../games/common';

interface Details {
  record: MatchRecord;
  report: unknown;
}

/** The event a minigolf tournament names (its `tournament` config), when the start gave one. */
interface Tournament {
  name?: string;
  date?: string;
  place?: string;
}

function dateOf(ms: number | null | undefined): string {
  return ms ? new Date(ms).toLocaleDateString(document.documentElement.lang || undefined) : '';
}

/** A labelled field of a sheet's head; an empty one is a line to write on. */
function field(label: string, value: string, attrs: Record<string, string> = {}): HTMLElement {
  return h('div', { class: 'field', ...attrs }, h('span', { class: 'lab' }, label), h('span', { class: value ? 'val' : 'val blank' }, value));
}

function signatures(...who: string[]): HTMLElement {
  return h('div', { class: 'signatures' }, ...who.map((w) => h('div', { class: 'signature' }, h('span', { class: 'line' }), h('span', { class: 'lab' }, w))));
}

function sheet(kind: string, ...children: Child[]): HTMLElement {
  return h('section', { class: 'print-sheet', 'data-sheet': kind }, ...children);
}

/** One sheet per group and round: the players of the group in its order, their round's card. */
export function groupScorecards(r: MinigolfReport, record: MatchRecord, venue: string): HTMLElement[] {
  const tour = (r.tournament ?? {}) as Tournament;
  const byId = new Map(r.players.map((p) => [p.id, p]));
  const lanes = Array.from({ length: r.config.lanes }, (_, i) => i + 1);
  const sheets: HTMLElement[] = [];
  for (let round = 1; round <= r.config.rounds; round++) {
    for (const g of r.groups) {
      const rows = g.order.flatMap((id) => {
        const p = byId.get(id);
        const card = p?.rounds.find((c) => c.round === round);
        return p && card ? [{ p, card }] : [];
      });
      if (rows.length === 0) continue;
      const course = rows[0]!.card.course ?? '';
      sheets.push(
        sheet(
          'group',
          h('h2', {}, t('print.groupCard')),
          h(
            'div',
            { class: 'fields' },
            field(t('print.event'), tour.name ?? ''),
            field(t('print.venue'), tour.place || venue),
            field(t('print.date'), tour.date || dateOf(record.startedAt)),
            field(t('print.round'), num(round), { 'data-round': String(round) }),
            field(t('print.course'), course),
            field(t('print.group'), g.id, { 'data-group': g.id }),
          ),
          h(
            'table',
            { class: 'card-table' },
            h(
              'thead',
              {},
              h(
                'tr',
                {},
                h('th', {}, t('col.player')),
                ...lanes.map((l) => h('th', {}, num(l))),
                h('th', {}, 'Σ'),
                h('th', {}, t('print.penalty')),
                h('th', {}, t('print.total')),
              ),
            ),
            h(
              'tbody',
              {},
              ...rows.map(({ p, card }) =>
                h(
                  'tr',
                  { 'data-player': p.id },
                  h('th', {}, p.name),
                  ...lanes.map((l) => h('td', {}, card.lanes[l - 1] === null || card.lanes[l - 1] === undefined ? '' : num(card.lanes[l - 1]))),
                  h('td', {}, card.complete ? num(card.laneTotal) : ''),
                  h('td', {}, card.penaltyPoints ? num(card.penaltyPoints) : ''),
                  h('td', { class: 'total' }, card.complete ? num(card.total) : ''),
                ),
              ),
            ),
          ),
          signatures(...rows.map(({ p }) => t('print.signPlayer', { name: p.name })), t('print.signMarker')),
        ),
      );
    }
  }
  return sheets;
}

/** The carom match sheet: the innings one under the other, each player's run and running total. */
export function caromSheet(r: CaromReport, record: MatchRecord, venue: string, table: string): HTMLElement {
  const innings = Math.max(0, ...r.players.map((p) => p.runs.length));
  const totals = r.players.map(() => 0);
  const lines = Array.from({ length: innings }, (_, i) =>
    h(
      'tr',
      { 'data-inning': String(i + 1) },
      h('th', {}, num(i + 1)),
      ...r.players.flatMap((p, k) => {
        const run = p.runs[i];
        if (run === undefined) return [h('td', {}, ''), h('td', {}, '')];
        totals[k] = totals[k]! + run;
        return [h('td', {}, num(run)), h('td', { class: 'total' }, num(totals[k]! + (p.carried?.points ?? 0)))];
      }),
    ),
  );
  const winner = r.players.find((p) => p.id === r.winner);
  return sheet(
    'carom',
    h('h2', {}, t('print.matchSheet')),
    h(
      'div',
      { class: 'fields' },
      field(t('print.venue'), venue),
      field(t('print.table'), table),
      field(t('print.date'), dateOf(record.startedAt)),
      field(t('print.game'), gameName(record.game)),
      field(t('carom.distance'), r.config.distance === null ? t('carom.open') : num(r.config.distance)),
      field(t('print.inningsLimit'), r.config.inningsLimit === null ? '' : num(r.config.inningsLimit)),
    ),
    h(
      'table',
      { class: 'card-table innings' },
      h(
        'thead',
        {},
        h('tr', {}, h('th', { rowspan: 2 }, t('carom.inning')), ...r.players.map((p) => h('th', { colspan: 2 }, p.name))),
        h('tr', {}, ...r.players.flatMap(() => [h('th', {}, t('carom.run')), h('th', {}, t('print.total'))])),
      ),
      h('tbody', {}, ...lines),
    ),
    h(
      'table',
      { class: 'card-table results' },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', {}, t('col.player')),
          h('th', {}, t('carom.points')),
          h('th', {}, t('carom.innings')),
          h('th', {}, t('carom.average')),
          h('th', {}, t('carom.highRun')),
        ),
      ),
      h(
        'tbody',
        {},
        ...r.players.map((p) =>
          h(
            'tr',
            { 'data-player': p.id },
            h('th', {}, p.name),
            h('td', {}, num(p.points)),
            h('td', {}, num(p.innings)),
            h('td', {}, num(p.average, 3)),
            h('td', {}, num(p.highRun)),
          ),
        ),
      ),
    ),
    field(t('print.winner'), winner ? winner.name : r.draw ? t('print.draw') : '', { 'data-winner': r.winner ?? '' }),
    signatures(...r.players.map((p) => t('print.signPlayer', { name: p.name })), t('print.signReferee')),
  );
}

/** The printout of each kind of board that has one (a game's catalogue entry names its board). */
const PRINTOUTS: Partial<Record<BoardKind, (d: Details, venue: string, table: string) => HTMLElement[]>> = {
  carom: (d, venue, table) => [caromSheet(d.report as CaromReport, d.record, venue, table)],
  minigolf: (d, venue) => groupScorecards(d.report as MinigolfReport, d.record, venue),
};

export const printView: View = (root, route) => {
  const id = route.arg;
  const box = h('div', { id: 'print', class: 'print' });
  root.append(box);
  let gone = false;
  void getJson<Details>(`/api/matches/${encodeURIComponent(id)}`)
    .then((d) => {
      if (gone) return;
      const venue = store.venue?.name ?? '';
      const table = store.venue?.tables.find((x) => x.id === d.record.table)?.name ?? d.record.table;
      const board = findGame(d.record.game)?.board;
      const sheets = board ? (PRINTOUTS[board]?.(d, venue, table) ?? []) : [];
      if (sheets.length === 0) return void box.append(h('p', { class: 'muted' }, t('print.none')));
      box.append(h('p', { class: 'print-tools' }, h('button', { type: 'button', id: 'print-now' }, t('print.print'))), ...sheets);
      box.querySelector('#print-now')!.addEventListener('click', () => window.print());
    })
    .catch(() => box.append(h('p', {}, t('err.AR_NOT_FOUND'))));
  return () => {
    gone = true;
  };
};
