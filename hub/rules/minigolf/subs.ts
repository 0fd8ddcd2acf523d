/**
 * Substitutions (MG-SUB-*, MG-SCORE-7): a substitute coming in, the outgoing player coming back,
 * the groups afterwards (MG-SUB-13) and the team penalty points of §15.4 (MG-SUB-4).
 */
import type { GameEventOf } from '../../../shared/game/events';
import { currentRound, named, reject, str, type Ctx } from './context';
import { newPlay } from './lane';
import { isDisqualified } from './penalties';
import { announce, currentLane, groupOf, note, writeLane } from './round';
import type { Game, Group, Player, SubRecord } from './state';

type Ref = GameEventOf<'ref'>;

/** MG-SUB-2 / MG-SUB-9: only the team's authorised person decides (when one is configured). */
function authorised(ctx: Ctx, team: string): boolean {
  const auth = ctx.game.config.substituteAuthority[team];
  if (auth !== undefined && ctx.e.who !== auth) {
    reject(ctx, 'not_authorised', `only ${auth} makes substitutions (MG-SUB-2, MG-SUB-9)`);
    return false;
  }
  return true;
}

/**
 * MG-SUB-4 (b): lanes the incoming player has completed, from the outgoing player's round on,
 * that the outgoing player has not. With one lane sequence this is the run from the outgoing
 * player's first unfinished lane to the incoming player's last completed lane; it is 0 unless the
 * incoming player plays ahead of the outgoing one.
 */
export function aheadLanes(incoming: Player, outgoing: Player, fromRound: number): number {
  let n = 0;
  incoming.cards.forEach((card, r) => {
    if (r < fromRound) return;
    card.lanes.forEach((v, l) => {
      if (v !== null && (outgoing.cards[r]?.lanes[l] ?? null) === null) n++;
    });
  });
  return n;
}

/**
 * Lanes `from` completed for the slot that `to` has not: written on `to`'s card as `substitute`
 * so that the slot's lane is not played twice (the team counts it once, MG-SCORE-7).
 */
function markSlotLanes(ctx: Ctx, from: Player, to: Player, rounds: readonly number[], lanes: ((r: number, l: number) => boolean) | null): void {
  for (const r of rounds) {
    from.cards[r]?.lanes.forEach((v, i) => {
      if (v !== null && (to.cards[r]?.lanes[i] ?? null) === null && (lanes === null || lanes(r, i + 1)))
        writeLane(ctx.game, to.id, r, i + 1, v, 'substitute', ctx.seq);
    });
  }
}

export function substitute(ctx: Ctx, e: Ref): void {
  const game = ctx.game;
  const out = named(ctx, e.player);
  if (!out) return;
  const sub = game.players[str(e.data?.in) ?? ''];
  const reason = str(e.data?.reason) ?? 'other';
  const continues = e.data?.continues === true;
  if (!sub) return reject(ctx, 'unknown_player', 'data.in names the substitute');
  if (!sub.substitute) return reject(ctx, 'not_a_substitute', `${sub.name} was not named as a substitute (MG-SUB-1)`);
  if (sub.side === null || sub.side !== out.side) return reject(ctx, 'other_team', 'a substitute serves only his own team (MG-CAT-8)');
  if (!authorised(ctx, out.side)) return;
  if (out.status === 'out') return reject(ctx, 'already_out', `${out.name} is already substituted`);
  const used = sub.subs.some((s) => s.dir === 'in');
  if (used && reason !== 'health' && reason !== 'disqualification')
    return reject(ctx, 'substitute_used', 'a substitute normally comes in only once (MG-SUB-3)');
  const g = groupOf(game, out.id);
  const round = g ? g.round : currentRound(game, out.id);
  const lane = g ? currentLane(g, game.config) : 1;
  const carried = out.play && out.play.round === round && out.play.lane === lane ? out.play.strokes : 0;
  const ahead = aheadLanes(sub, out, round);
  if (out.status !== 'disqualified') out.status = 'out';
  out.play = null;
  const subGroup = groupOf(game, sub.id);
  if (g && !subGroup) {
    const others = g.order.filter((id) => id !== out.id);
    if (continues && others.length > 0) {
      // MG-SUB-13 •1/•2: the outgoing player will continue: the group is split in two; the
      // substitute and the outgoing player form a pairing that stays together to the end.
      g.order = others;
      g.players = g.players.filter((id) => id !== out.id);
      const pair: Group = { ...g, id: `${g.id}+${sub.id}`, players: [sub.id, out.id], order: [sub.id, out.id], clock: null };
      game.groups = [...game.groups, pair];
    } else {
      // MG-SUB-13 •3: a new substitute takes the outgoing player's place in the group.
      g.order = g.order.map((id) => (id === out.id ? sub.id : id));
      g.players = g.players.map((id) => (id === out.id ? sub.id : id));
    }
    sub.status = 'active';
    // MG-SCORE-7 + MG-SUB-11: strokes so far carry over (the lane is capped at the max) and the
    // substitute starts again from the start area with a ball of his choice (MG-SUB-12). A lane
    // the outgoing player already finished is not played again for the slot.
    sub.play = { ...newPlay(round, lane), strokes: carried };
    markSlotLanes(ctx, out, sub, [round], (r, l) => r === round && l === lane);
  }
  sub.slotOf = out.slotOf ?? out.id;
  const rec = { round, lane, reason, continues, seq: ctx.seq };
  out.subs = [...out.subs, { ...rec, other: sub.id, dir: 'out', aheadLanes: 0 }];
  sub.subs = [...sub.subs, { ...rec, other: out.id, dir: 'in', aheadLanes: ahead }];
  // MG-SUB-7/8/10: announced and written on both cards.
  note(out, round, `substituted by ${sub.name} on lane ${lane} (${reason}${continues ? ', continues later' : ''})`);
  note(sub, round, `came in for ${out.name} on lane ${lane} (${reason})`);
  announce(game, `Substitution: ${sub.name} for ${out.name}, round ${round + 1} lane ${lane}`);
}

/**
 * `return`: the outgoing player comes back into his slot, when he was to continue later
 * (MG-SUB-9, MG-SUB-13 •1) or when his substitute has been disqualified (MG-SUB-5 •3).
 */
export function comeBack(ctx: Ctx, e: Ref): void {
  const game = ctx.game;
  const p = named(ctx, e.player);
  if (!p) return;
  const last = [...p.subs].reverse().find((s) => s.dir === 'out');
  if (p.status !== 'out' || !last) return reject(ctx, 'not_substituted', `${p.name} has not been substituted out`);
  const occupant = game.players[last.other]!;
  const dq = isDisqualified(occupant);
  if (!last.continues && !dq) {
    return reject(
      ctx,
      'may_not_return',
      'the outgoing player returns only if he was to continue later (MG-SUB-9) or his substitute was disqualified (MG-SUB-5)',
    );
  }
  if (p.side !== null && !authorised(ctx, p.side)) return;
  let g = groupOf(game, p.id);
  const og = groupOf(game, occupant.id);
  if (!g && og) {
    og.order = og.order.map((id) => (id === occupant.id ? p.id : id));
    og.players = og.players.map((id) => (id === occupant.id ? p.id : id));
    g = og;
  }
  if (!g || g.done) return reject(ctx, 'no_group', `${p.name} has no group to return to`);
  const round = g.round;
  const lane = currentLane(g, game.config);
  const carried = occupant.play && occupant.play.round === round && occupant.play.lane === lane ? occupant.play.strokes : 0;
  if (occupant.status === 'active' || occupant.status === 'absent') occupant.status = 'out';
  occupant.play = null;
  p.status = 'active';
  // The slot's lanes the substitute played are not played again; the lane in progress carries its strokes.
  markSlotLanes(
    ctx,
    occupant,
    p,
    Array.from({ length: game.config.rounds }, (_, r) => r).filter((r) => r >= last.round),
    null,
  );
  p.play = (p.cards[round]?.lanes[lane - 1] ?? null) === null ? { ...newPlay(round, lane), strokes: carried } : null;
  const reason = dq ? 'substitute_disqualified' : 'return';
  const rec = { round, lane, reason, continues: false, aheadLanes: 0, seq: ctx.seq };
  p.subs = [...p.subs, { ...rec, other: occupant.id, dir: 'in' }];
  occupant.subs = [...occupant.subs, { ...rec, other: p.id, dir: 'out' }];
  note(p, round, `returned for ${occupant.name} on lane ${lane}`);
  announce(game, `Substitution: ${p.name} returns for ${occupant.name}, round ${round + 1} lane ${lane}`);
}

export interface SubstitutionPenalty {
  team: string;
  /** The substitute who came in and the player he replaced. */
  player: string;
  for: string;
  round: number;
  /** MG-SUB-4 (a): later rounds the substitute played for the slot, 1 point each. */
  rounds: number;
  /** MG-SUB-4 (b): lanes already played ahead of the outgoing player, 1 point each. */
  lanes: number;
  points: number;
}

/**
 * MG-SUB-4 (§15.4, reading of MG-Q12): for each substitution for health reasons the team gets
 * 1 point for every round after the entry round in which the substitute played (up to his next
 * substitution), plus 1 point per lane he had played ahead of the outgoing player. Not when the
 * outgoing player came back because the substitute was disqualified (MG-SUB-5 •3).
 */
export function substitutionPenalties(game: Game, team: string): SubstitutionPenalty[] {
  const out: SubstitutionPenalty[] = [];
  for (const id of game.ids) {
    const s = game.players[id]!;
    if (s.side !== team || s.coach) continue;
    s.subs.forEach((rec: SubRecord, i) => {
      if (rec.dir !== 'in' || rec.reason !== 'health') return;
      const back = game.players[rec.other]?.subs.some(
        (x) => x.dir === 'in' && x.other === s.id && x.reason === 'substitute_disqualified' && (x.seq ?? 0) >= (rec.seq ?? 0),
      );
      if (back) return;
      const end = s.subs[i + 1]?.round ?? game.config.rounds - 1;
      let rounds = 0;
      for (let r = rec.round + 1; r <= end; r++) if ((s.cards[r]?.entries.length ?? 0) > 0) rounds++;
      out.push({ team, player: s.id, for: rec.other, round: rec.round + 1, rounds, lanes: rec.aheadLanes, points: rounds + rec.aheadLanes });
    });
  }
  return out;
}
