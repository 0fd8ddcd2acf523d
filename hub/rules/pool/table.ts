/**
 * The table: ball states and innings, driven by judged shots and by the people's calls between
 * shots. Pure functions from LiveTable to LiveTable.
 */
import type { PendingDecision } from '../../../shared/game/engine';
import type { GameEvent, GameEventOf } from '../../../shared/game/events';
import { upTo, yesNo, type ShotContext } from './discipline';
import { extractFacts, hasUnidentified, NO_CONTACT, refFoulOf, type ShotRaw } from './facts';
import { PREP_CALLS } from './segments';
import { generalFouls, hasCrossedHeadString, isTouchFoul, isTurnOver, lagWinner, objectBallPocketed, type LagEntry } from './general';
import { allBalls, closeOptions, finishRack, log, other, raiseOption, reject, setBall, setupRack, startFirstRack, type Ctx } from './rack';
import { push, size } from '../common/plist';
import { emptyPrep, type FoulRecord, type OpenQuestion, type RefFoul, type ShotFacts, type ShotRecord, type LiveTable } from './state';

/**
 * "Which ball?" for each capture or exit the sensors could not name. A pocket's colour sensor
 * that read the ball without being sure enough to name it (the event's `reading`) gives the
 * question its default and that reading's probability: at or above the venue's askBelow the hub
 * decides it alone, below it people are asked with the reading offered. The reading is weighed
 * against the balls still in play (`onTable`; the cue ball always is): a ball of no game here (a
 * stripe in nine-ball) or already down has no chance, and what the sensor gave it goes to the
 * others, its runner-up by name, the rest unnamed (so never more sure than the sensor allows). A
 * reading naming no ball in play, with no runner-up in play, is no default: asked as without one.
 */
export function identityQuestions(f: ShotFacts, ctx: Ctx, onTable?: LiveTable['balls']): PendingDecision[] {
  const balls = allBalls(ctx);
  const inPlay = (b: string): boolean => balls.includes(b) && (b === ctx.cfg.cueBall || !onTable || onTable[b] === 'table');
  return f.unknownBalls.map((u) => {
    const r = u.reading ? weighReading(u.reading, inPlay) : null;
    const seen =
      u.kind === 'pocket'
        ? `pocket sensor ${u.pocket ?? '?'} captured a ball without identity (event ${u.seq})`
        : `off-table detector fired without identity (event ${u.seq})`;
    const read = u.reading
      ? [
          `its colour sensor read ball ${u.reading.ball}, ${pct(u.reading.probability)} sure${inPlay(u.reading.ball) ? '' : ' (not a ball in play)'}` +
            (u.reading.next ? `; next ball ${u.reading.next.ball}, ${pct(u.reading.next.probability)}` : ''),
        ]
      : [];
    return {
      id: `event-${u.seq}:ball`,
      kind: 'pocket.ball-identity',
      question: u.kind === 'pocket' ? `Which ball was captured in pocket ${u.pocket ?? '?'}?` : 'Which ball left the table?',
      options: balls.map((b) => ({ value: b, label: b === ctx.cfg.cueBall ? 'Cue ball' : `Ball ${b}` })),
      default: r ? r.ball : null,
      ...(r ? { probability: r.probability } : {}),
      answeredBy: 'players',
      evidence: [seen, ...read],
      raisedAt: u.seq,
    };
  });
}

const pct = (p: number): string => `${Math.round(p * 1000) / 10} %`;

/**
 * The sensor's reading among the balls in play: its ball and its runner-up keep their
 * probabilities where in play (zero where not), the rest (1 minus both) stays with the balls it
 * did not name; the likelier of the two, over that total. Null when neither is in play.
 */
export function weighReading(
  r: NonNullable<ShotFacts['unknownBalls'][number]['reading']>,
  inPlay: (ball: string) => boolean,
): { ball: string; probability: number } | null {
  const p1 = inPlay(r.ball) ? r.probability : 0;
  const p2 = r.next && inPlay(r.next.ball) ? r.next.probability : 0;
  const rest = Math.max(0, 1 - r.probability - (r.next?.probability ?? 0));
  const total = p1 + p2 + rest;
  if (p1 === 0 && p2 === 0) return null;
  const ball = p1 >= p2 ? r.ball : r.next!.ball;
  return { ball, probability: Math.round((Math.max(p1, p2) / total) * 10_000) / 10_000 };
}

function addQuestions(t: LiveTable, qs: PendingDecision[], action: (q: PendingDecision) => OpenQuestion['action']): LiveTable {
  const have = new Set(t.questions.map((q) => q.decision.id));
  const add = qs.filter((q) => !have.has(q.id)).map((q) => ({ decision: q, action: action(q) }));
  return add.length === 0 ? t : { ...t, questions: [...t.questions, ...add] };
}

function identitySeq(q: PendingDecision): number {
  return Number(q.id.slice('event-'.length, q.id.indexOf(':')));
}

/** Referee foul calls, checked against PB-FOUL-5 (unrefereed touches) and PB-FOUL-12 (warning first). */
function validRefFouls(t: LiveTable, ctx: Ctx, calls: RefFoul[], shooter: string): { fouls: FoulRecord[]; notes: string[] } {
  const fouls: FoulRecord[] = [];
  const notes: string[] = [];
  for (const r of calls) {
    const by = r.by ?? shooter;
    if (!ctx.players.some((p) => p.id === by)) {
      notes.push(`foul call ${r.seq} names unknown player ${by}: ignored`);
      continue;
    }
    if (r.kind === 'touch' && !isTouchFoul(ctx.cfg.refereed, r.touch)) {
      notes.push(`touch at ${r.seq} is not a foul (PB-FOUL-5: accidental, no effect)`);
      continue;
    }
    if (r.kind === 'kitchen' && !(t.ballInHand === 'kitchen' && t.prep.kitchenWarning)) {
      notes.push(`kitchen call at ${r.seq} is not a foul (PB-FOUL-12 needs ball in hand in the kitchen and a warning)`);
      continue;
    }
    fouls.push({ rule: r.rule, code: r.kind, by });
  }
  return { fouls, notes };
}

function record(t: LiveTable, f: ShotFacts | null, shooter: string, seqs: [number, number], extra: Partial<ShotRecord>): ShotRecord {
  return {
    n: size(t.shots) + 1,
    rack: t.rackNo,
    shooter,
    seqs,
    isBreak: !t.started,
    pushOut: t.prep.pushOut,
    firstContact: f?.firstContact ?? null,
    legal: false,
    fouls: [],
    pocketed: f ? [...f.pocketed] : [],
    rattled: f ? [...f.rattled] : [],
    offTable: f ? [...f.offTable, ...f.returned] : [],
    lateDrops: f ? [...f.lateDrops] : [],
    spotted: [],
    notes: [],
    result: '',
    next: null,
    ballInHand: null,
    ...extra,
  };
}

/** Apply one shot (complete or in progress). */
export function applyShot(t0: LiveTable, raw: ShotRaw, ctx: Ctx): LiveTable {
  const first = raw.events[0]!;
  if (t0.blocked) {
    // An earlier shot waits for an answer: only show identity questions for this one.
    if (!hasUnidentified(raw)) return t0;
    const f = extractFacts(raw, t0.prep, ctx.cfg, ctx.identityOf, ctx.answerOf);
    return addQuestions(
      t0,
      identityQuestions(f, ctx, t0.balls).filter((q) => ctx.answerOf(q.id) === undefined),
      (q) => ({ type: 'identity', seq: identitySeq(q) }),
    );
  }
  if (t0.status === 'finished' || t0.status === 'abandoned') return reject(t0, first, 'match-over', 'the match is over: shot not scored');
  let t = closeOptions(t0, ctx);
  for (const e of raw.events) if (e.type === 'ref' && PREP_CALLS.has(e.call)) t = reject(t, e, 'during-shot', `${e.call} must be entered before the shot`);
  t = startFirstRack(t, ctx);
  // A shot in progress only raises identity questions.
  if (!raw.complete && !hasUnidentified(raw)) return t;
  const shooter = t.turn!;
  const opponent = other(ctx, shooter);
  const isBreak = !t.started;
  const prep = t.prep;
  const f = extractFacts(raw, prep, ctx.cfg, ctx.identityOf, ctx.answerOf);
  const idq = identityQuestions(f, ctx, t.balls).filter((q) => ctx.answerOf(q.id) === undefined);
  if (!raw.complete) return addQuestions(t, idq, (q) => ({ type: 'identity', seq: identitySeq(q) }));
  const raisedAt = raw.events[raw.events.length - 1]!.seq ?? raw.key;
  const legalFirst = ctx.d.legalFirst(t, shooter, isBreak, prep);
  const shotQs: PendingDecision[] = [];
  const unsensed = !ctx.cfg.contactSensor && f.order.every((x) => x.kind !== 'contact');
  // At a self-refereed table a foul no sensor can see is the opponent's to claim (docs/claims.md),
  // not a question: the hub takes the shot as legal and the claim applies the foul answer.
  const claimable = !ctx.cfg.refereed && unsensed;
  if (idq.length === 0 && f.firstContact === undefined && legalFirst !== 'any') {
    const onTable = ctx.d.objectBalls.filter((b) => t.balls[b] === 'table');
    // The claim names no ball: any first ball that is not legal is the same foul (PB-SHOT-1).
    const wrongBalls = [...onTable.filter((b) => !legalFirst.includes(b)), NO_CONTACT];
    const wrongFirst = wrongBalls[0]!;
    shotQs.push({
      id: `shot-${raw.key}:first-contact`,
      kind: 'pocket.first-contact',
      question: 'Which object ball did the cue ball hit first?',
      options: [...onTable.map((b) => ({ value: b, label: `Ball ${b}` })), ...(unsensed ? [{ value: NO_CONTACT, label: 'No ball' }] : [])],
      // Without a contact sensor this is asked on every shot: a table that scores itself cannot
      // wait for a referee each time, so the players answer, and unanswered it is taken as a
      // legal first ball (the common case). Where a sensor should have told, a referee decides,
      // if there is one (`refereed`); a self-refereed table has only its players to ask.
      default: unsensed && legalFirst.length > 0 ? legalFirst[0]! : null,
      answeredBy: unsensed || !ctx.cfg.refereed ? 'players' : 'referee',
      evidence: [
        unsensed ? 'this table has no contact sensor (config contactSensor: false)' : 'the first contact sensor event did not identify the object ball',
      ],
      raisedAt,
      // With one legal ball (nine-ball's lowest) the default names the ball to hit, and the base
      // rates count how often it was hit first, apart for shots that pocketed a ball. With a group
      // (eight-ball) any ball of it is as legal as the default, so no count of "that very ball" applies.
      ...(unsensed && legalFirst.length === 1
        ? { basis: `legal-ball|${raw.events.some((e) => e.type === 'pocket' && e.captured) ? 'pocketed' : 'none-pocketed'}` }
        : {}),
      ...(claimable && legalFirst.length > 0 ? { claim: { against: shooter, foul: wrongFirst, fouls: wrongBalls } } : {}),
    });
  }
  if (idq.length === 0 && f.frozenCueTo !== null) {
    shotQs.push({
      id: `shot-${raw.key}:frozen-moved`,
      kind: 'pocket.frozen-moved',
      question: `The cue ball was frozen to ball ${f.frozenCueTo}: did that ball move (PB-FROZEN-1)?`,
      options: [
        { value: 'yes', label: 'Yes' },
        { value: 'no', label: 'No' },
      ],
      default: null,
      // The referee who took the frozen call answers; at a self-refereed table, the players.
      answeredBy: ctx.cfg.refereed ? 'referee' : 'players',
      evidence: [`no sensor event shows ball ${f.frozenCueTo} moving`],
      raisedAt,
    });
  }
  const shooterRef = validRefFouls(
    t,
    ctx,
    f.refFouls.filter((r) => (r.by ?? shooter) === shooter),
    shooter,
  );
  const general = generalFouls(
    f,
    ctx.cfg.cueBall,
    shooter,
    legalFirst,
    ctx.d.needsRail(isBreak, prep),
    prep.frozen.some((z) => z.place !== 'cue'),
  );
  const dctx: ShotContext = { t, f, cfg: ctx.cfg, shooter, opponent, isBreak, prep, fouls: [...general, ...shooterRef.fouls], answer: ctx.answerOf, raisedAt };
  // No contact sensor: a cushion heard in the shot may have come before the contact. Asked where it alone decides PB-SHOT-1.
  const railUnsure =
    unsensed &&
    typeof f.firstContact === 'string' &&
    general.length === 0 &&
    !objectBallPocketed(f, ctx.cfg.cueBall) &&
    f.order.some((x) => x.kind === 'cushion');
  if (idq.length === 0 && shotQs.length === 0 && railUnsure && ctx.d.needsRail(isBreak, prep) && ctx.answerOf(`shot-${raw.key}:rail`) === undefined) {
    const rail = yesNo(
      `shot-${raw.key}:rail`,
      'pocket.rail',
      'Did a ball reach a cushion after the cue ball hit the first ball (PB-SHOT-1)?',
      'yes',
      'players',
      ['this table has no contact sensor: the cushions heard may have come before the contact'],
      raisedAt,
      // How many cushions were heard in all (the more, the likelier one came after the contact).
      `cushions=${upTo(f.order.filter((x) => x.kind === 'cushion').length, 4)}`,
    );
    shotQs.push(claimable ? { ...rail, claim: { against: shooter, foul: 'no' } } : rail);
  }
  if (idq.length === 0 && shotQs.length === 0) shotQs.push(...ctx.d.questions(dctx));
  const open = [...idq, ...shotQs.filter((q) => ctx.answerOf(q.id) === undefined)];
  if (open.length > 0) {
    const withQ = addQuestions(t, open, (q) => (q.id.startsWith('event-') ? { type: 'identity', seq: identitySeq(q) } : { type: 'shot', key: raw.key }));
    return { ...withQ, blocked: true };
  }
  return judgeShot(t, ctx, raw, f, dctx, shooterRef.notes);
}

function judgeShot(t: LiveTable, ctx: Ctx, raw: ShotRaw, f: ShotFacts, dctx: ShotContext, refNotes: string[]): LiveTable {
  const { shooter, opponent, isBreak } = dctx;
  const seqs: [number, number] = [f.fromSeq, f.toSeq];
  const notes = [...refNotes];
  const refCrossed = [...raw.events, ...raw.post].filter((e): e is GameEventOf<'ref'> => e.type === 'ref' && e.call === 'crossed').pop();
  const crossed = !isBreak || (refCrossed ? refCrossed.value === true : hasCrossedHeadString(f, ctx.cfg.crossingCushions));
  if (isBreak && !crossed) notes.push('PB-BREAK-2: the cue ball did not cross the head string; the rack has not started');

  // PB-EXT-1: outside interference.
  if (f.interference === 'affected') {
    // Seed 001: not a foul; the shot does not count and is played again.
    const rec = record(t, f, shooter, seqs, {
      legal: true,
      replayed: true,
      notes: [...notes, 'PB-EXT-1: balls restored'],
      result: 'outside interference affected the shot: replayed',
      next: shooter,
      ballInHand: t.ballInHand,
    });
    return { ...t, shots: push(t.shots, rec) };
  }
  if (f.interference === 'unrestorable') {
    const rec = record(t, f, shooter, seqs, { notes, result: 'outside interference, balls cannot be restored: rack replayed by its breaker', next: t.breaker });
    return setupRack({ ...t, shots: push(t.shots, rec) }, ctx, t.breaker ?? shooter, t.rackNo);
  }
  if (f.interference === 'not-affected') notes.push('PB-EXT-1: interference did not affect the shot; balls restored, play continues');

  // PB-FOUL-15 / PB-Q7: the waiting player interfered or played out of turn: balls restored (PB-EXT-1), shooter continues with ball in hand.
  const waiting = validRefFouls(
    t,
    ctx,
    f.refFouls.filter((r) => r.by !== null && r.by !== shooter),
    shooter,
  );
  notes.push(...waiting.notes);
  if (f.striker !== null && f.striker !== shooter && ctx.players.some((p) => p.id === f.striker)) {
    waiting.fouls.push({ rule: 'PB-FOUL-15', code: 'out-of-turn', by: f.striker });
  }
  if (waiting.fouls.length > 0) {
    // Not counted for the three-foul rule: that rule counts the fouls of a player's own successive shots.
    const rec = record(t, f, shooter, seqs, {
      fouls: waiting.fouls,
      notes: [...notes, 'PB-Q7: balls restored as in PB-EXT-1'],
      result: 'foul by the waiting player: shooter continues with ball in hand',
      next: shooter,
      ballInHand: 'table',
    });
    return { ...t, ballInHand: 'table', prep: emptyPrep(), shots: push(t.shots, rec) };
  }

  const v = ctx.d.judge(dctx);
  const fouls = [...dctx.fouls, ...v.fouls];
  const fouled = fouls.length > 0;
  let balls = t.balls;
  for (const b of f.pocketed) balls = setBall(balls, t.balls, b, 'pocketed');
  for (const b of f.offTable) balls = setBall(balls, t.balls, b, 'off');
  for (const b of v.spotted) balls = setBall(balls, t.balls, b, 'table');
  balls = setBall(balls, t.balls, ctx.cfg.cueBall, 'table');
  const count = fouled ? (t.fouls[shooter] ?? 0) + 1 : 0;
  let rackWinner = v.rackWinner;
  let reason = v.reason;
  if (count === 2 && ctx.cfg.threeFoulRule && !rackWinner) notes.push(`warning: ${shooter} is on two consecutive fouls`);
  if (count >= 3 && ctx.cfg.threeFoulRule && !rackWinner) {
    rackWinner = opponent;
    reason = 'three consecutive fouls';
  }
  const next = isTurnOver(!fouled, v.continues, fouled) ? opponent : shooter;
  const rec = record(t, f, shooter, seqs, {
    legal: !fouled,
    fouls,
    spotted: v.spotted,
    notes: [...notes, ...v.notes],
    result: rackWinner && rackWinner !== v.rackWinner ? `rack lost: ${reason}` : v.result,
    next: rackWinner ? null : next,
    ballInHand: rackWinner ? null : v.ballInHand,
  });
  let out: LiveTable = {
    ...t,
    balls,
    started: t.started || crossed,
    shotsInRack: t.shotsInRack + 1,
    inning: next !== shooter ? t.inning + 1 : t.inning,
    fouls: { ...t.fouls, [shooter]: count },
    turn: next,
    ballInHand: v.ballInHand,
    disc: v.disc,
    prep: emptyPrep(),
    shots: push(t.shots, rec),
  };
  if (rackWinner) return finishRack(out, ctx, rackWinner, reason);
  if (v.option) out = raiseOption(out, ctx, v.option.kind, v.option.chooser, `shot-${raw.key}:${v.option.kind}`, dctx.raisedAt);
  if (accidentalTouch(ctx, f.refFouls)) out = raiseOption(out, ctx, 'touch-restore', opponent, `shot-${raw.key}:touch-restore`, dctx.raisedAt);
  return out;
}

/** PB-FOUL-5/6: an unrefereed table, a touch that is no foul: the non-shooter chooses whether the balls go back. */
function accidentalTouch(ctx: Ctx, calls: readonly RefFoul[]): boolean {
  return !ctx.cfg.refereed && calls.some((r) => r.kind === 'touch' && !isTouchFoul(false, r.touch));
}

/** People's calls between shots (and sensor noise outside a shot). */
export function applyGapEvent(t0: LiveTable, e: GameEvent, ctx: Ctx): LiveTable {
  if (e.type === 'clock') return t0;
  if (e.type === 'at_rest') return reject(t0, e, 'no-shot', 'at rest without a shot in progress');
  if (e.type !== 'ref') return reject(t0, e, 'not-pocket', `${e.type} events are not used in pocket billiards`);
  const t = t0;
  if (t.status === 'finished' || t.status === 'abandoned') return reject(t, e, 'match-over', 'the match is over');
  if (PREP_CALLS.has(e.call)) return applyPrep(t, e, ctx);
  switch (e.call) {
    case 'lag':
      return applyLag(t, e, ctx);
    case 'concede': {
      if (t.rackNo === 0) return reject(t, e, 'no-rack', 'no rack in play');
      const p = e.player ?? t.turn;
      if (p === null || !ctx.players.some((x) => x.id === p)) return reject(t, e, 'bad-player', 'concede needs a player');
      return finishRack(log(closeOptions(t, ctx), e, `${p} concedes rack ${t.rackNo}`), ctx, other(ctx, p), 'concession');
    }
    case 'abandon':
      return { ...log(t, e, 'match abandoned'), status: 'abandoned', turn: null, questions: [] };
    case 'restore-choice': {
      if (e.value !== 'restore' && e.value !== 'leave') return reject(t, e, 'bad-value', 'restore-choice is restore or leave');
      // Seed 001 §5 d: "at the choice of the player who is not shooting" (PB-FOUL-6).
      if (e.player !== undefined && e.player === t.turn) return reject(t, e, 'not-your-choice', 'PB-FOUL-6: the player who is not shooting chooses');
      return log(t, e, `PB-FOUL-6: disturbed balls ${e.value === 'restore' ? 'restored' : 'left where they are'} (choice of ${e.player ?? 'the non-shooter'})`);
    }
    case 'foul':
      return standaloneFoul(t, e, ctx);
    case 'interference':
      if (e.value === 'unrestorable' && t.rackNo > 0)
        return setupRack(log(t, e, 'PB-EXT-1: balls cannot be restored: rack replayed by its breaker'), ctx, t.breaker!, t.rackNo);
      return log(t, e, 'PB-EXT-1: balls put back where they belong; play continues');
    case 'crossed':
      return reject(t, e, 'no-shot', 'crossed needs a shot');
    default:
      return reject(t, e, 'unknown-call', `unknown call "${e.call}" (see docs/games/pool.md)`);
  }
}

function applyLag(t: LiveTable, e: GameEventOf<'ref'>, ctx: Ctx): LiveTable {
  if (t.rackNo > 0 || t.lagWinner !== null) return reject(t, e, 'lag-over', 'the lag is already decided');
  let winner: string | 'repeat';
  const entries = e.data?.['entries'];
  if (Array.isArray(entries)) {
    const ok = entries.every(
      (x: unknown) =>
        typeof x === 'object' &&
        x !== null &&
        ctx.players.some((p) => p.id === (x as LagEntry).player) &&
        typeof (x as LagEntry).footCushion === 'boolean' &&
        typeof (x as LagEntry).distance === 'number',
    );
    if (!ok) return reject(t, e, 'bad-value', 'lag entries are {player, footCushion, distance}');
    winner = lagWinner(entries as LagEntry[]);
  } else if (e.player && ctx.players.some((p) => p.id === e.player)) winner = e.player;
  else return reject(t, e, 'bad-player', 'lag needs the winner (player) or data.entries');
  if (winner === 'repeat') return log(t, e, 'PB-Q9: no valid lag ball or a tie: lag repeated');
  const t1 = log({ ...t, lagWinner: winner }, e, `PB-LAG-2: ${winner} wins the lag`);
  return raiseOption(t1, ctx, 'lag-choice', winner, `lag-${e.seq ?? 0}:choice`, e.seq ?? 0);
}

function applyPrep(t: LiveTable, e: GameEventOf<'ref'>, ctx: Ctx): LiveTable {
  if (t.rackNo === 0) return reject(t, e, 'no-rack', 'no rack in play yet');
  const shooter = t.turn ?? '';
  const refused = ctx.d.checkCall(e.call, t, shooter, e.ball);
  if (refused) return reject(t, e, 'refused', refused);
  const p = t.prep;
  switch (e.call) {
    case 'call':
      if (!t.started) return reject(t, e, 'refused', 'no called shot on the break');
      if (e.place === undefined) return reject(t, e, 'refused', 'call needs a pocket (place)');
      return log({ ...t, prep: { ...p, call: { ball: e.ball!, pocket: e.place } } }, e, `called ${e.ball} in ${e.place}`);
    case 'safety':
      if (!t.started) return reject(t, e, 'refused', 'no safety on the break');
      return log({ ...t, prep: { ...p, safety: true } }, e, 'safety called');
    case 'push-out':
      return log({ ...t, prep: { ...p, pushOut: true } }, e, 'push-out declared');
    case 'frozen':
      if (e.ball === undefined || !ctx.d.objectBalls.includes(e.ball) || t.balls[e.ball] !== 'table')
        return reject(t, e, 'refused', 'frozen needs an object ball on the table');
      return log(
        { ...t, prep: { ...p, frozen: [...p.frozen, { ball: e.ball, place: e.place ?? null }] } },
        e,
        `ball ${e.ball} declared frozen to ${e.place ?? 'a cushion'}`,
      );
    default:
      if (t.ballInHand !== 'kitchen') return reject(t, e, 'refused', 'no ball in hand behind the head string');
      return log({ ...t, prep: { ...p, kitchenWarning: true } }, e, 'PB-FOUL-12: warned to place the cue ball in the kitchen');
  }
}

/** A foul with no shot to attach it to (touching a ball before the shot, waiting player's interference, ...). */
function standaloneFoul(t0: LiveTable, e: GameEventOf<'ref'>, ctx: Ctx): LiveTable {
  if (t0.rackNo === 0) return reject(t0, e, 'no-rack', 'no rack in play yet');
  const t = closeOptions(t0, ctx);
  const shooter = t.turn!;
  const r = refFoulOf(e, ctx.cfg.refereed);
  const { fouls, notes } = validRefFouls(t, ctx, [r], shooter);
  const s = e.seq ?? 0;
  if (fouls.length === 0) {
    const out = { ...t, shots: push(t.shots, record(t, null, shooter, [s, s], { notes, result: 'no foul', next: shooter, ballInHand: t.ballInHand })) };
    // PB-FOUL-6: the player not shooting chooses whether the balls the touch moved go back.
    return accidentalTouch(ctx, [r]) ? raiseOption(out, ctx, 'touch-restore', other(ctx, shooter), `touch-${s}:touch-restore`, s) : out;
  }
  const by = fouls[0]!.by;
  const victim = other(ctx, by);
  const count = by === shooter ? (t.fouls[by] ?? 0) + 1 : (t.fouls[by] ?? 0);
  const base: LiveTable = {
    ...t,
    fouls: { ...t.fouls, [by]: count },
    turn: victim,
    ballInHand: 'table',
    prep: emptyPrep(),
    disc: { ...t.disc, pushOutAvailable: false },
  };
  const lose = by === shooter && ctx.cfg.threeFoulRule && count >= 3;
  if (by === shooter && ctx.cfg.threeFoulRule && count === 2) notes.push(`warning: ${shooter} is on two consecutive fouls`);
  const rec = record(t, null, shooter, [s, s], {
    fouls,
    notes,
    result: lose ? 'rack lost: three consecutive fouls' : 'foul without a shot: ball in hand',
    next: lose ? null : victim,
    ballInHand: lose ? null : 'table',
  });
  const out = { ...base, inning: victim !== shooter ? t.inning + 1 : t.inning, shots: push(t.shots, rec) };
  return lose ? finishRack(out, ctx, victim, 'three consecutive fouls') : out;
}
