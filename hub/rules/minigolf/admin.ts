/**
 * Administrative calls: penalties, scorecards, absence, order, substitutes, interruption and
 * cancellation, play-offs and lots.
 */
import type { GameEventOf } from '../../../shared/game/events';
import { courseOfLaneId } from './config';
import { currentRound, givePenalty, named, num, parseLane, reject, str, type Ctx } from './context';
import { CLAUSE_MIN, clauseFromFlags, isLevel } from './penalties';
import { isRoundComplete } from './ranking';
import { stopAllClocks } from './clock';
import { groupOf, laneUntouched, markerOf, mutCard, writeLane } from './round';
import type { Player } from './state';
import { comeBack, substitute } from './subs';

type Ref = GameEventOf<'ref'>;

function isReferee(ctx: Ctx): boolean {
  return ctx.e.by === 'referee';
}

/** Round (0-based) named by `value` (1-based) or `data.round`, else the player's current round. */
function roundArg(ctx: Ctx, e: Ref, p: Player, key: 'value' | 'data'): number {
  const v = key === 'value' ? num(e.value) : num(e.data?.round);
  return v !== null ? v - 1 : currentRound(ctx.game, p.id);
}

function correct(ctx: Ctx, e: Ref): void {
  const game = ctx.game;
  const p = named(ctx, e.player);
  if (!p) return;
  if (e.by === 'player' && (e.who === p.id || e.who === p.name)) return reject(ctx, 'self_scoring', 'players may not correct their own card (MG-CARD-3)');
  let r = roundArg(ctx, e, p, 'data');
  // A lane id naming a course ("A-2") picks that course's round of the current block (two-course shotgun).
  const course = courseOfLaneId(game.config, e.place);
  const g0 = groupOf(game, p.id);
  if (num(e.data?.round) === null && course !== null && p.cards[r]?.course !== course && g0) {
    r = [g0.base, g0.base + 1].find((x) => p.cards[x]?.course === course) ?? r;
  }
  const card = p.cards[r];
  const lane = parseLane(e.place);
  const v = num(e.value);
  if (!card || lane === null || lane < 1 || lane > game.config.lanes) return reject(ctx, 'bad_lane', 'name the round and lane to correct');
  if (card.locked) return reject(ctx, 'card_locked', 'the round total is initialled: no correction (MG-CARD-7)');
  if (card.submitted) return reject(ctx, 'card_submitted', 'the card is handed in; a late error is a scoring_error_found (MG-PEN-7(c))');
  const from = card.lanes[lane - 1];
  if (from === null || from === undefined) return reject(ctx, 'nothing_to_correct', `no score on lane ${lane}`);
  if (v === null || !Number.isInteger(v) || v < 1 || v > game.config.max) return reject(ctx, 'bad_score', `a lane score is 1..${game.config.max}`);
  const later = p.cards.slice(r + 1).some((c) => c.entries.length > 0);
  const last = card.entries[card.entries.length - 1];
  const timely = !later && last !== undefined && last.lane === lane;
  const g = groupOf(game, p.id);
  const size = g ? g.order.length : 1;
  const initials = Array.isArray(e.data?.initials) ? (e.data.initials as unknown[]).filter((x): x is string => typeof x === 'string') : [];
  if (!timely) {
    // MG-CARD-6 missed; MG-Q16: only a referee may still correct, recorded for audit.
    if (!isReferee(ctx)) return reject(ctx, 'correction_too_late', 'corrections are made before the next entry (MG-CARD-6); later only by a referee (MG-Q16)');
  } else if (size <= 2) {
    if (!isReferee(ctx)) return reject(ctx, 'referee_required', 'in 2-player groups a referee makes the correction (MG-CARD-6)');
  } else if (!isReferee(ctx) && !(g?.order ?? []).every((id) => initials.includes(id))) {
    return reject(ctx, 'initials_missing', 'every group member initials an agreed correction (MG-CARD-6)');
  }
  const w = mutCard(p, r)!;
  w.lanes[lane - 1] = v;
  w.corrections = [...card.corrections, { lane, from, to: v, by: e.by ?? 'scorer', who: e.who, why: e.why, initials, late: !timely, seq: ctx.seq }];
}

function initial(ctx: Ctx, e: Ref): void {
  const p = named(ctx, e.player);
  if (!p) return;
  const r = roundArg(ctx, e, p, 'value');
  if (!p.cards[r]) return reject(ctx, 'bad_round', 'no such round');
  const card = p.cards[r]!;
  if (card.locked) return reject(ctx, 'card_locked', 'already initialled (MG-CARD-7)');
  if (!isRoundComplete(card)) return reject(ctx, 'round_incomplete', 'the round total is initialled after the last lane (MG-CARD-8)');
  const role = str(e.data?.by);
  if (role !== 'player' && role !== 'marker') return reject(ctx, 'bad_role', 'data.by is "player" or "marker"');
  const g = groupOf(ctx.game, p.id);
  const marker = g ? markerOf(g.order, p.id, ctx.game.config) : null;
  const whoIs = (id: string | null) => id !== null && (e.who === id || e.who === ctx.game.players[id]?.name);
  // MG-CARD-5/7: the player himself and his scorer initial (checked when `who` is given).
  if (e.who !== undefined && role === 'player' && !whoIs(p.id)) return reject(ctx, 'not_the_player', `${p.name} initials his own card`);
  if (e.who !== undefined && role === 'marker' && marker !== null && !whoIs(marker) && !isReferee(ctx))
    return reject(ctx, 'not_the_marker', `the scorer of ${p.name} initials`);
  const w = mutCard(p, r)!;
  w.initials[role] = true;
  // MG-CARD-5/7: the player and the scorer both initial; then the card is locked.
  if (w.initials.player && w.initials.marker) w.locked = true;
}

function submit(ctx: Ctx, e: Ref): void {
  const game = ctx.game;
  if (e.player !== undefined) return reject(ctx, 'submit_as_group', "a group's cards are handed over as a set (MG-CARD-9)");
  const g = game.groups.find((x) => x.id === e.place);
  const r = num(e.value);
  if (!g || r === null || r < 1 || r > game.config.rounds) return reject(ctx, 'bad_submit', 'name the group (place) and round (value)');
  for (const id of g.players) {
    const p = game.players[id]!;
    const card = p.cards[r - 1];
    if (!card || card.submitted) continue;
    // MG-CARD-11: a lane left empty on a handed-in card scores the max.
    card.lanes.forEach((v, i) => {
      if (v === null) writeLane(game, id, r - 1, i + 1, game.config.max, 'missing', ctx.seq);
    });
    mutCard(p, r - 1)!.submitted = true;
  }
}

export function onAdminCall(ctx: Ctx, e: Ref): boolean {
  const game = ctx.game;
  switch (e.call) {
    case 'penalty': {
      const p = named(ctx, e.player);
      if (!p) return true;
      if (!isLevel(e.value)) return (reject(ctx, 'bad_level', 'value is A, A+1, B+2 or D+5'), true);
      const clause = str(e.data?.clause);
      if (clause !== null && clause !== '18.4' && CLAUSE_MIN[clause] === undefined) return (reject(ctx, 'bad_clause', `unknown clause ${clause}`), true);
      givePenalty(ctx, p.id, e.value, clause === '18.4' ? null : clause, str(e.data?.rule), e.why ?? str(e.data?.reason) ?? '', str(e.data?.ban));
      return true;
    }
    case 'violation': {
      const p = named(ctx, e.player);
      if (!p) return true;
      const rule = str(e.value);
      const d = e.data ?? {};
      const clause = clauseFromFlags(rule, d.intentional === true, d.advantage === true, d.grossNegligence === true);
      const negl = d.negligent === true ? ' (negligent)' : '';
      givePenalty(ctx, p.id, 'A', clause, rule, `${rule ?? 'violation'}${negl}${e.why ? `: ${e.why}` : ''}`);
      return true;
    }
    case 'warn': {
      const p = named(ctx, e.player);
      if (p) p.warnings = [...p.warnings, { rule: str(e.value), reason: e.why ?? 'verbal warning', seq: ctx.seq }]; // MG-PEN-4, MG-STROKE-15
      return true;
    }
    case 'scoring_error_found': {
      const p = named(ctx, e.player);
      if (!p) return true;
      const r = roundArg(ctx, e, p, 'data');
      const card = p.cards[r];
      if (!card?.submitted) return (reject(ctx, 'correct_it_instead', 'score processing has not begun: correct the card'), true);
      const g = groupOf(game, p.id);
      const scorer = str(e.data?.scorer) ?? (g ? markerOf(g.order, p.id, game.config) : null);
      // MG-PEN-7(c): A+1 for both the player and the scorer; the handed-in card stays as it is.
      givePenalty(ctx, p.id, 'A+1', '18.5c', 'MG-PEN-7', `scoring error on round ${r + 1} found after processing began`);
      if (scorer !== null && game.players[scorer]) givePenalty(ctx, scorer, 'A+1', '18.5c', 'MG-PEN-7', `as scorer of ${p.name}, round ${r + 1}`);
      return true;
    }
    case 'correct':
      return (correct(ctx, e), true);
    case 'initial':
      return (initial(ctx, e), true);
    case 'submit':
      return (submit(ctx, e), true);
    case 'absent':
    case 'present': {
      const p = named(ctx, e.player);
      if (!p) return true;
      if (p.status !== 'active' && p.status !== 'absent') return (reject(ctx, 'not_in_play', `${p.name} is not playing`), true);
      p.status = e.call === 'absent' ? 'absent' : 'active'; // MG-SCORE-8
      // Called (again) and not there: his turn has come now (Player.absentHold); present: he plays.
      delete p.absentHold;
      return true;
    }
    case 'break': {
      const p = named(ctx, e.player);
      if (!p) return true;
      if (!isReferee(ctx)) return (reject(ctx, 'referee_permission_required', "breaks only with a referee's permission (MG-ORDER-6)"), true);
      p.warnings = [...p.warnings, { rule: 'MG-ORDER-6', reason: 'break granted', seq: ctx.seq }];
      return true;
    }
    case 'reorder': {
      const g = game.groups.find((x) => x.id === e.place);
      const order = Array.isArray(e.data?.order) ? (e.data.order as unknown[]).filter((x): x is string => typeof x === 'string') : [];
      if (!g) return (reject(ctx, 'bad_group', 'place names the group'), true);
      if (!isReferee(ctx)) return (reject(ctx, 'referee_only', 'only a referee changes the scheduled order (MG-ORDER-8)'), true);
      if (order.length !== g.order.length || !g.order.every((id) => order.includes(id)))
        return (reject(ctx, 'bad_order', 'the same players in a new order'), true);
      if (g.pos !== 0 || !laneUntouched(game, g)) return (reject(ctx, 'order_fixed_in_round', 'the order stays the same within a round (MG-ORDER-7)'), true);
      g.order = order;
      return true;
    }
    case 'substitute':
      return (substitute(ctx, e), true);
    case 'return':
      return (comeBack(ctx, e), true);
    case 'team_penalty': {
      const v = num(e.value);
      if (!isReferee(ctx) || e.place === undefined || v === null) return (reject(ctx, 'bad_team_penalty', 'referee, place = team, value = points'), true);
      game.teamPenalties = [...game.teamPenalties, { team: e.place, points: v, reason: e.why ?? '', seq: ctx.seq }]; // MG-SUB-4 (MG-Q12)
      return true;
    }
    default:
      return onEventCall(ctx, e);
  }
}

function interrupt(ctx: Ctx, reason: string): void {
  const game = ctx.game;
  game.interrupted = { since: ctx.e.t, reason };
  stopAllClocks(game);
  // MG-INT-4: balls in play are lifted, their position marked, the score so far noted.
  for (const p of Object.values(game.players)) {
    if (!p.play) continue;
    if (p.play.ball === 'moving') p.play.ball = 'rest';
    const card = mutCard(p, p.play.round);
    if (card) card.interruptions = [...card.interruptions, `lane ${p.play.lane}: ${p.play.strokes} strokes, ball ${p.play.ball} (${reason})`];
  }
}

function onEventCall(ctx: Ctx, e: Ref): boolean {
  const game = ctx.game;
  switch (e.call) {
    case 'interrupt':
      if (!isReferee(ctx)) return (reject(ctx, 'chief_referee_only', 'only the chief referee interrupts play (MG-INT-1)'), true);
      if (e.place !== undefined && game.config.courses.length > 1) return (reject(ctx, 'all_courses', 'every course is handled the same way (MG-INT-2)'), true);
      if (game.interrupted) return (reject(ctx, 'already_interrupted', 'play is already interrupted'), true);
      interrupt(ctx, str(e.value) ?? 'interruption');
      return true;
    case 'weather':
      // MG-INT-3: lightning nearby interrupts play; MG-INT-2: rain alone does not.
      if (e.value === 'lightning' && !game.interrupted) interrupt(ctx, 'lightning');
      return true;
    case 'resume':
      if (!isReferee(ctx)) return (reject(ctx, 'chief_referee_only', 'only the chief referee resumes play (MG-INT-1, MG-INT-6)'), true);
      if (!game.interrupted) return (reject(ctx, 'not_interrupted', 'play is not interrupted'), true);
      game.interrupted = null;
      return true;
    case 'warmup':
      if (!isReferee(ctx)) return (reject(ctx, 'chief_referee_only', 'the chief referee grants warm-up (MG-INT-7)'), true);
      game.warmups++;
      return true;
    case 'day_end':
      // MG-INT-9: an interruption longer than the playing day cancels the tournament.
      if (game.interrupted) cancel(ctx, 'interruption lasted beyond the playing day');
      return true;
    case 'cancel':
      if (!isReferee(ctx)) return (reject(ctx, 'jury_only', 'the jury or the referee committee cancels (MG-INT-8)'), true);
      cancel(ctx, e.why ?? str(e.value) ?? 'cancelled');
      return true;
    case 'playoff': {
      const p = game.players[e.player ?? ''];
      const lane = parseLane(e.place);
      const v = num(e.value);
      if (!p || lane === null || v === null || !Number.isInteger(v) || v < 1 || v > game.config.max)
        return (reject(ctx, 'bad_playoff', 'player, place = lane, value = score'), true);
      // A `playoff` entry for a lane already counted by the sensors replaces it (a correction).
      game.playoffs = [
        ...game.playoffs,
        { category: p.category ?? 'open', player: p.id, lane, course: courseOfLaneId(game.config, e.place), value: v, source: 'call', seq: ctx.seq },
      ];
      if (game.playoffBalls[p.id]?.lane === lane) {
        const { [p.id]: _done, ...rest } = game.playoffBalls;
        game.playoffBalls = rest;
      }
      return true;
    }
    case 'playoff_decline': {
      const p = named(ctx, e.player);
      if (p && !game.playoffDeclined.includes(p.id)) game.playoffDeclined = [...game.playoffDeclined, p.id]; // MG-TIE-4
      return true;
    }
    case 'lot': {
      const order = Array.isArray(e.data?.order) ? (e.data.order as unknown[]).filter((x): x is string => typeof x === 'string') : [];
      if (e.place === undefined || order.length < 2) return (reject(ctx, 'bad_lot', 'place = category, data.order = players'), true);
      game.lots[e.place] = order; // MG-TIE-7: prizes by lot; the place stays shared.
      return true;
    }
    default:
      return false;
  }
}

function cancel(ctx: Ctx, reason: string): void {
  const game = ctx.game;
  game.cancelled = { reason, seq: ctx.seq };
  game.status = 'abandoned';
  for (const p of Object.values(game.players)) p.play = null;
  if (game.config.federationEvent) {
    ctx.raise = {
      decision: {
        id: `cancel-${ctx.at}:ranking`,
        kind: 'minigolf.ranking_after_cancel',
        question: 'The tournament was cancelled. Does the jury (or referee committee) order a ranking from the valid rounds?',
        options: [
          { value: 'rank', label: 'Make a ranking from the valid rounds' },
          { value: 'no_ranking', label: 'No ranking' },
        ],
        default: null,
        answeredBy: 'referee',
        evidence: [`cancelled: ${reason}`],
        raisedAt: ctx.at,
      },
      payload: {},
    };
  }
}
