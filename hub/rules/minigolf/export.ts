/**
 * Scorecards and results as CSV and as a printable HTML page (no external assets).
 */
import { csvField } from '../common/csv';
import { teamRanking } from './teams';
import { SANCTION } from './penalties';
import { laneSum, ranking, roundTotal } from './ranking';
import type { Player, RoundCard, State } from './state';

export { csvField };

function row(cells: (string | number | boolean | null)[]): string {
  return cells.map(csvField).join(',');
}

function penaltyMarks(p: Player, round: number): string {
  return p.penalties
    .filter((x) => x.round === round)
    .map((x) => `${x.level}: ${x.reason}`)
    .join('; ');
}

/** Numbers of the lanes of a card carried from the score sheet (sheet.ts). */
function carriedLanes(c: RoundCard): number[] {
  return c.how.flatMap((h, i) => (h === 'sheet' ? [i + 1] : []));
}

/**
 * The part of a player's total in `rounds` carried from the score sheet: lane scores marked `sheet`
 * and penalties marked `fromSheet`.
 */
function carriedPoints(p: Player, rounds: readonly number[]): number {
  let points = 0;
  for (const r of rounds) {
    const c = p.cards[r];
    c?.lanes.forEach((v, i) => {
      if (v !== null && c.how[i] === 'sheet') points += v;
    });
    for (const x of p.penalties) if (x.round === r && x.fromSheet === true) points += x.points;
  }
  return points;
}

export function scorecardsCsv(state: State): string {
  const game = state.game;
  const n = game.config.lanes;
  // A tournament continued from a score sheet says which lanes came from it; other exports keep their columns.
  const fromSheet = game.sheet !== null;
  const head = [
    'round',
    'course',
    'player',
    'name',
    'club',
    'category',
    'licence',
    ...Array.from({ length: n }, (_, i) => `L${i + 1}`),
    'lanes_total',
    'penalty_points',
    'round_total',
    'penalties',
    'corrections',
    'initialled_player',
    'initialled_marker',
    'locked',
    ...(fromSheet ? ['from_sheet'] : []),
  ];
  const lines = [row(head)];
  for (const id of game.ids) {
    const p = game.players[id]!;
    p.cards.forEach((c, r) => {
      const pen = p.penalties.filter((x) => x.round === r).reduce((a, x) => a + x.points, 0);
      const corr = c.corrections.map((x) => `L${x.lane} ${x.from}->${x.to} (${x.who ?? x.by})`).join('; ');
      lines.push(
        row([
          r + 1,
          c.course,
          p.id,
          p.name,
          p.club,
          p.category,
          p.licence,
          ...c.lanes,
          laneSum(c),
          pen,
          roundTotal(p, r),
          penaltyMarks(p, r),
          corr,
          c.initials.player,
          c.initials.marker,
          c.locked,
          ...(fromSheet
            ? [
                carriedLanes(c)
                  .map((l) => `L${l}`)
                  .join(' '),
              ]
            : []),
        ]),
      );
    });
  }
  return lines.join('\n') + '\n';
}

export function resultsCsv(state: State): string {
  const game = state.game;
  // `from_sheet`: the points of the total carried from the score sheet (only for such a tournament).
  const fromSheet = game.sheet !== null;
  const head = [
    'category',
    'place',
    'shared',
    'player',
    'name',
    'total',
    ...Array.from({ length: game.config.rounds }, (_, i) => `R${i + 1}`),
    'penalty_points',
    'decided_by',
    ...(fromSheet ? ['from_sheet'] : []),
  ];
  const lines = [row(head)];
  for (const cat of ranking(game)) {
    const valid = cat.validRounds.map((r) => r - 1);
    for (const l of cat.lines) {
      const p = game.players[l.player]!;
      const rounds = Array.from({ length: game.config.rounds }, (_, r) => (cat.validRounds.includes(r + 1) ? roundTotal(p, r) : null));
      const carried = fromSheet ? [carriedPoints(p, valid)] : [];
      lines.push(row([cat.category, l.place, l.shared, l.player, l.name, l.total, ...rounds, l.penalties, l.decidedBy, ...carried]));
    }
  }
  return lines.join('\n') + '\n';
}

/** Team competitions (MG-CAT-*, MG-SUB-*): place, total, penalty points and line-up per team. */
export function teamResultsCsv(state: State): string {
  const head = ['team', 'place', 'total', 'penalty_points', 'substitution_penalty_points', 'members', 'substitutes', 'complete', 'invalid'];
  const lines = [row(head)];
  for (const t of teamRanking(state.game)) {
    const subs = t.substitutionPenalties.reduce((n, x) => n + x.points, 0);
    lines.push(row([t.team, t.place, t.total, t.penaltyPoints, subs, t.members.join(' '), t.substitutes.join(' '), t.complete, t.invalid]));
  }
  return lines.join('\n') + '\n';
}

export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

function cardHtml(state: State, p: Player, r: number): string {
  const c = p.cards[r]!;
  const e = escapeHtml;
  const cells = c.lanes.map((v, i) => {
    const corr = c.corrections.filter((x) => x.lane === i + 1);
    const shown = corr.length > 0 ? `<s>${corr[0]!.from}</s> ${v ?? ''}` : v === null ? '' : String(v);
    return c.how[i] === 'sheet' ? `<td class="sheet" title="from the score sheet">${shown}</td>` : `<td>${shown}</td>`;
  });
  const carried = carriedLanes(c);
  const pens = p.penalties
    .filter((x) => x.round === r)
    .map((x) => `<li><b>${e(x.level)}</b> (${e(SANCTION[x.level])}) ${e(x.reason)}</li>`)
    .join('');
  const notes = [...c.notes, ...c.interruptions].map((x) => `<li>${e(x)}</li>`).join('');
  const t = state.game.config.tournament;
  return `<section class="card">
<h2>${e(p.name)} <small>${e(p.club ?? '')} · ${e(p.category ?? '')} · licence ${e(p.licence ?? '')}</small></h2>
<p>${e(t.name)} · ${e(t.date)} · ${e(t.place)} · round ${r + 1}, course ${e(c.course)}</p>
<table><tr>${c.lanes.map((_, i) => `<th>${i + 1}</th>`).join('')}<th>Σ</th><th>Pen.</th><th>Total</th></tr>
<tr>${cells.join('')}<td>${laneSum(c)}</td><td>${p.penalties.filter((x) => x.round === r).reduce((a, x) => a + x.points, 0)}</td><td>${roundTotal(p, r)}</td></tr></table>
${carried.length > 0 ? `<p class="carried">Carried from the score sheet (shaded): lanes ${carried.join(', ')}</p>\n` : ''}${pens ? `<ul class="pen">${pens}</ul>` : ''}${notes ? `<ul class="notes">${notes}</ul>` : ''}
<p class="sign">Player: ${c.initials.player ? '✔' : '____'} · Scorer: ${c.initials.marker ? '✔' : '____'}${c.locked ? ' · locked' : ''}</p>
</section>`;
}

export function scorecardsHtml(state: State): string {
  const game = state.game;
  const cards = game.ids.flatMap((id) => game.players[id]!.cards.map((_, r) => cardHtml(state, game.players[id]!, r)));
  const title = escapeHtml(game.config.tournament.name || 'Minigolf scorecards');
  // Shading for the lanes carried from a score sheet; a page without any stays as it was.
  const sheetStyle = game.sheet !== null ? '\ntd.sheet{background:#ddd;font-style:italic}' : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<style>body{font-family:sans-serif;margin:1em}table{border-collapse:collapse}td,th{border:1px solid #333;padding:2px 6px;text-align:center}
.card{page-break-inside:avoid;margin-bottom:1.5em}.pen b{color:#a00}@media print{.card{page-break-after:always}}${sheetStyle}</style>
</head><body><h1>${title}</h1>
${cards.join('\n')}
</body></html>
`;
}
