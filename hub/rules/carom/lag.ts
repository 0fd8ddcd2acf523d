/**
 * The lag for the break (C3-LAG-*), two players. The sensors see contacts with the red and a
 * collision; which ball stopped closer to the lower cushion is the referee's answer to a
 * pending decision (or a `lag_winner` call).
 */
import type { GameEvent, GameEventOf } from '../../../shared/game/events';
import type { PendingDecision } from '../../../shared/game/engine';
import { lagSetup } from './general';
import { beginPlay } from './match';
import { describe } from './shot';
import { type LiveDecision, decisionId, isShotDecision } from './evidence';
import { type Live, type LagState, findPlayer, reject, edit } from './state';
import { fromArray, push, pushAll, some, toArray } from '../common/plist';

export function startLag(s: Live): Live {
  const [a, b] = s.players;
  const { white, yellow } = s.config.balls;
  const lag: LagState = {
    round: 1,
    balls: { [a!.id]: white, [b!.id]: yellow },
    repeatsCausedBy: {},
    winner: null,
    touchedRed: [],
    collision: false,
    unidentified: 0,
    inProgress: false,
    startSeq: undefined,
  };
  return edit(s, { status: 'lag', lag, spotting: lagSetup(s.config.balls) });
}

function playerOfBall(lag: LagState, ball: string | undefined): string | undefined {
  return Object.keys(lag.balls).find((p) => lag.balls[p] === ball);
}

function other(s: Live, id: string): string {
  return s.players.find((p) => p.id !== id)!.id;
}

function nextRound(s: Live, lag: LagState): Live {
  return edit(s, { lag: { ...lag, round: lag.round + 1, touchedRed: [], collision: false, unidentified: 0, inProgress: false } });
}

/** A repeat caused by a player; the second one loses him the right to open (C3-LAG-4). */
export function repeatLag(s: Live, atFault: string | undefined): Live {
  const lag = s.lag!;
  if (atFault === undefined) return nextRound(s, lag);
  const n = (lag.repeatsCausedBy[atFault] ?? 0) + 1;
  const repeatsCausedBy = { ...lag.repeatsCausedBy, [atFault]: n };
  if (n >= 2) return edit(s, { lag: { ...lag, repeatsCausedBy, winner: other(s, atFault), inProgress: false } });
  return nextRound(s, { ...lag, repeatsCausedBy });
}

export function lagWon(s: Live, winner: string): Live {
  return edit(s, { lag: { ...s.lag!, winner, inProgress: false } });
}

/** Apply an answer to a lag decision. */
export function applyLagAnswer(s: Live, answer: string): Live {
  if (answer === 'equal' || answer === 'undecidable' || answer === 'both_red') return repeatLag(s, undefined);
  if (answer.startsWith('repeat_fault:')) return repeatLag(s, answer.slice('repeat_fault:'.length));
  if (answer.startsWith('fault:')) return lagWon(s, other(s, answer.slice('fault:'.length)));
  return lagWon(s, answer);
}

/**
 * What the sensors told about the lag stroke, in plain words. Contacts that name fewer than two
 * balls are said as such: they may have been a touch of the red or a collision, and the engine
 * does not pretend otherwise.
 */
function lagEvidence(s: Live, lag: LagState): string[] {
  const name = (id: string) => findPlayer(s, id)?.name ?? id;
  const { red } = s.config.balls;
  const unknown = lag.unidentified ?? 0;
  const lines = [lag.collision ? 'contact between the two lag balls (C3-LAG-5)' : 'no contact between the two lag balls was identified'];
  if (lag.touchedRed.length > 0) for (const p of lag.touchedRed) lines.push(`${name(p)}'s ball touched the red ${red} (C3-LAG-7)`);
  else lines.push(`no lag ball was identified touching the red ${red}`);
  if (unknown > 0) lines.push(`${unknown} contact(s) without ball identity: a lag ball may have touched the red (C3-LAG-7) or the other lag ball (C3-LAG-5)`);
  return lines;
}

function collisionOptions(a: string, b: string, name: (id: string) => string): PendingDecision['options'] {
  return [
    { value: `fault:${a}`, label: `${name(a)} is at fault` },
    { value: `fault:${b}`, label: `${name(b)} is at fault` },
    { value: 'undecidable', label: 'Cannot tell: repeat the lag' },
  ];
}

function lagQuestion(s: Live, lag: LagState, e: GameEvent, evidence: string[]): PendingDecision {
  const [a, b] = s.players.map((p) => p.id) as [string, string];
  const name = (id: string) => findPlayer(s, id)?.name ?? id;
  if (lag.collision && (lag.unidentified ?? 0) === 0) {
    return {
      id: `lag-${lag.round}:collision`,
      kind: 'c3.lag_collision',
      question: 'The lag balls collided: who is at fault (the collision was outside his half)?',
      options: collisionOptions(a, b, name),
      default: null,
      answeredBy: 'referee',
      evidence,
      raisedAt: e.seq ?? -1,
    };
  }
  const toucher = lag.touchedRed[0];
  if (toucher !== undefined) {
    // One ball touched the red (sensed) and a contact named no ball: the other may have too.
    const o = other(s, toucher);
    return {
      id: `lag-${lag.round}:winner`,
      kind: 'c3.lag',
      question: `${name(toucher)}'s ball touched the red: did the other lag ball touch it too?`,
      options: [
        { value: o, label: `No: ${name(o)} wins the lag` },
        { value: 'both_red', label: 'Both lag balls touched the red: repeat the lag' },
      ],
      default: null,
      answeredBy: 'referee',
      evidence,
      raisedAt: e.seq ?? -1,
    };
  }
  return {
    id: `lag-${lag.round}:winner`,
    kind: 'c3.lag',
    question: 'Whose ball stopped closer to the lower (opening) cushion, without a foul?',
    options: [
      { value: a, label: `${name(a)} wins the lag` },
      { value: b, label: `${name(b)} wins the lag` },
      { value: 'equal', label: 'Same distance: repeat the lag' },
      { value: `repeat_fault:${a}`, label: `Repeat: not simultaneous, caused by ${name(a)}` },
      { value: `repeat_fault:${b}`, label: `Repeat: not simultaneous, caused by ${name(b)}` },
      // Only when a contact named no ball: both lag balls may have touched the red (C3-LAG-7). A
      // collision's fault (C3-LAG-5) is answered by naming the other player, "cannot tell" by a
      // repeat (C3-LAG-6): the same effects, so no more options.
      ...((lag.unidentified ?? 0) > 0 ? [{ value: 'both_red', label: 'Both lag balls touched the red: repeat the lag' }] : []),
    ],
    default: null,
    answeredBy: 'referee',
    evidence,
    raisedAt: e.seq ?? -1,
  };
}

/** Sensor events during the lag. */
export function lagSensor(s: Live, e: GameEvent): Live {
  const lag = s.lag!;
  if (lag.winner !== null) return reject(s, e, 'lag_decided', 'the lag is decided: waiting for the opener (ref call "opener")');
  if (some(s.pending, (d) => isLagDecision(d, `lag-${lag.round}:`))) {
    return reject(s, e, 'lag_pending', 'the lag result is pending: answer the lag decision first');
  }
  if (e.type === 'at_rest') {
    if (!lag.inProgress) return reject(s, e, 'no_shot', 'at rest without a lag stroke');
    if (lag.touchedRed.length === 2) return nextRound(s, lag); // C3-LAG-7: both touched the red
    // C3-LAG-7: one touched the red, decided alone only when no contact was left unnamed (the
    // other ball may have touched it too: then the lag is repeated).
    if (lag.touchedRed.length === 1 && (lag.unidentified ?? 0) === 0) return lagWon(s, other(s, lag.touchedRed[0]!));
    const q = lagQuestion(s, lag, e, lagEvidence(s, lag));
    const a = s.answers[q.id];
    if (a) {
      const settled = edit(s, { decisions: push(s.decisions, { id: q.id, kind: q.kind, raisedAt: q.raisedAt, ...a }) });
      return applyLagAnswer(settled, a.answer);
    }
    return edit(s, { pending: push(s.pending, q) });
  }
  const started: LagState = lag.inProgress ? lag : { ...lag, inProgress: true, startSeq: e.seq };
  if (e.type === 'contact') {
    const c = e as GameEventOf<'contact'>;
    // A contact naming fewer than two balls is kept as such, never read as "no touch" (lagEvidence).
    if (c.a === undefined || c.b === undefined) return edit(s, { lag: { ...started, unidentified: (started.unidentified ?? 0) + 1 } });
    const { red } = s.config.balls;
    const pa = playerOfBall(lag, c.a);
    const pb = playerOfBall(lag, c.b);
    if (pa && pb) return edit(s, { lag: { ...started, collision: true } });
    const toucher = c.a === red ? pb : c.b === red ? pa : undefined;
    if (toucher && !started.touchedRed.includes(toucher)) return edit(s, { lag: { ...started, touchedRed: [...started.touchedRed, toucher] } });
  }
  return edit(s, { lag: started, notes: e.type === 'off_table' ? push(s.notes, `lag: ${describe(e)}`) : s.notes });
}

/** Ref calls of the lag: lag_ball, lag_winner, lag_repeat, opener. */
export function lagCall(s: Live, e: GameEventOf<'ref'>): Live {
  const lag = s.lag!;
  const p = findPlayer(s, e.player);
  switch (e.call) {
    case 'lag_ball': {
      const { white, yellow } = s.config.balls;
      if (!p || (e.ball !== white && e.ball !== yellow)) return reject(s, e, 'bad_call', `lag_ball needs a player and the ball ${white} or ${yellow}`);
      if (lag.inProgress) return reject(s, e, 'lag_in_progress', 'lag balls are chosen before the lag stroke');
      const o = other(s, p.id);
      return edit(s, { lag: { ...lag, balls: { [p.id]: e.ball, [o]: e.ball === white ? yellow : white } } });
    }
    case 'lag_winner':
      if (!p) return reject(s, e, 'bad_player', 'lag_winner needs the player who won the lag');
      return dropLagPending(lagWon(s, p.id));
    case 'lag_repeat':
      if (e.player !== undefined && !p) return reject(s, e, 'bad_player', 'unknown player');
      return dropLagPending(repeatLag(s, p?.id));
    case 'opener':
      if (!p) return reject(s, e, 'bad_player', 'opener needs the player who opens');
      return beginPlay(dropLagPending(edit(s, { lag: { ...lag, winner: lag.winner ?? p.id, inProgress: false } })), p.id);
    default:
      return reject(s, e, 'not_in_lag', `"${e.call}" is not a lag call`);
  }
}

/** A lag question whose id starts with `prefix` (a point question is never one: its id is not kept). */
function isLagDecision(d: LiveDecision, prefix: string): boolean {
  return !isShotDecision(d) && d.id.startsWith(prefix);
}

function dropLagPending(s: Live): Live {
  const all = toArray(s.pending);
  const dropped = all.filter((d) => isLagDecision(d, 'lag-'));
  if (dropped.length === 0) return s;
  return {
    ...s,
    pending: fromArray(all.filter((d) => !isLagDecision(d, 'lag-'))),
    notes: pushAll(
      s.notes,
      dropped.map((d) => `decision ${decisionId(d)} superseded by a referee entry`),
    ),
  };
}
