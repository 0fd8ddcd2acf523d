/**
 * Team scores (MG-SCORE-6/7, MG-SUB-5, MG-PEN-5, MG-CAT-9) and match play (MG-SCORE-5).
 */
import { penaltyPoints, isDisqualified } from './penalties';
import { isRoundComplete } from './ranking';
import type { Game, Player } from './state';
import { substitutionPenalties, type SubstitutionPenalty } from './subs';

export interface TeamLine {
  team: string;
  place: number | null;
  total: number;
  complete: boolean;
  members: string[];
  substitutes: string[];
  penaltyPoints: number;
  /** MG-SUB-4: §15.4 points computed from the health substitutions (included in penaltyPoints). */
  substitutionPenalties: SubstitutionPenalty[];
  invalid: string | null;
}

function teamOf(game: Game, team: string) {
  const coaches = Object.values(game.players).filter((p) => p.coach && p.side === team);
  const all = [...game.ids.map((id) => game.players[id]!).filter((p) => p.side === team), ...coaches];
  return {
    members: all.filter((p) => !p.coach && !p.substitute),
    subs: all.filter((p) => !p.coach && p.substitute),
    coaches,
  };
}

/** A slot is finished for good when its member left (out or disqualified) and nobody replaced him. */
function slotLane(game: Game, member: Player, subs: readonly Player[], r: number, l: number): number | null {
  const own = member.cards[r]?.lanes[l] ?? null;
  if (own !== null) return own;
  for (const s of subs) {
    if (s.slotOf !== member.id) continue;
    const v = s.cards[r]?.lanes[l] ?? null;
    if (v !== null) return v;
  }
  const replaced = subs.some((s) => s.slotOf === member.id);
  // MG-SUB-5 (proposal): no substitute and no return: every unplayed lane counts the maximum.
  if (!replaced && (member.status === 'out' || isDisqualified(member))) return game.config.max;
  return null;
}

export function teamLine(game: Game, team: string): TeamLine {
  const { members, subs, coaches } = teamOf(game, team);
  const c = game.config;
  let total = 0;
  let complete = true;
  for (const m of members) {
    for (let r = 0; r < c.rounds; r++) {
      for (let l = 0; l < c.lanes; l++) {
        const v = slotLane(game, m, subs, r, l);
        if (v === null) complete = false;
        else total += v;
      }
    }
  }
  // MG-PEN-5 / MG-Q14: players' and coaches' penalty points go to the team score.
  let pen = [...members, ...subs, ...coaches].reduce((a, p) => a + penaltyPoints(p), 0);
  pen += game.teamPenalties.filter((t) => t.team === team).reduce((a, t) => a + t.points, 0);
  const subPens = substitutionPenalties(game, team);
  pen += subPens.reduce((a, x) => a + x.points, 0);
  // MG-SUB-5: a penalty point per round of the tournament for each disqualified player.
  // A disqualified substitute is a disqualified player of the team too.
  pen += [...members, ...subs].filter((m) => isDisqualified(m)).length * c.rounds;
  let invalid: string | null = null;
  if (c.clubTeams) {
    const clubs = new Set([...members, ...subs].map((p) => p.club));
    if (clubs.size > 1) invalid = 'players from different clubs (MG-CAT-9)';
  }
  return {
    team,
    place: null,
    total: total + pen,
    complete,
    members: members.map((m) => m.id),
    substitutes: subs.map((s) => s.id),
    penaltyPoints: pen,
    substitutionPenalties: subPens,
    invalid,
  };
}

export function teamRanking(game: Game): TeamLine[] {
  const teams = [
    ...new Set(
      game.ids
        .map((id) => game.players[id]!)
        .filter((p) => p.side !== null && !p.coach)
        .map((p) => p.side!),
    ),
  ].sort();
  const lines = teams.map((t) => teamLine(game, t));
  const ranked = lines.filter((l) => l.invalid === null).sort((a, b) => a.total - b.total || (a.team < b.team ? -1 : 1));
  let i = 0;
  for (const l of ranked) {
    const prev = ranked[i - 1];
    l.place = prev && prev.total === l.total ? prev.place : i + 1;
    i++;
  }
  return [...ranked, ...lines.filter((l) => l.invalid !== null)];
}

export interface MatchResult {
  round: number;
  players: [string, string];
  lanesWon: [number, number];
  halved: number;
  winner: string | null;
  finished: boolean;
}

/** MG-SCORE-5: a lane is won by the lower score; MG-Q8: an equal lane is halved. */
export function laneWinner(a: number, b: number): 0 | 1 | null {
  if (a === b) return null;
  return a < b ? 0 : 1;
}

export function matchResults(game: Game): MatchResult[] {
  const out: MatchResult[] = [];
  for (const g of game.groups) {
    if (g.players.length !== 2) continue;
    const [a, b] = g.players as [string, string];
    const pa = game.players[a]!;
    const pb = game.players[b]!;
    for (let r = 0; r < game.config.rounds; r++) {
      const won: [number, number] = [0, 0];
      let halved = 0;
      for (let l = 0; l < game.config.lanes; l++) {
        const x = pa.cards[r]?.lanes[l] ?? null;
        const y = pb.cards[r]?.lanes[l] ?? null;
        if (x === null || y === null) continue;
        const w = laneWinner(x, y);
        if (w === null) halved++;
        else won[w]++;
      }
      const finished = isRoundComplete(pa.cards[r]) && isRoundComplete(pb.cards[r]);
      out.push({ round: r + 1, players: [a, b], lanesWon: won, halved, winner: won[0] === won[1] ? null : won[0] > won[1] ? a : b, finished });
    }
  }
  return out;
}
