/**
 * Pool (nine-ball, eight-ball) in the chain: simulated racks (sim/players/pool.ts) -> signals with
 * noise -> the Pico firmware of the pool profile -> protocol decode -> the hub's device-to-game
 * mapping (`toGameEvent`) -> the pocket engine; every shot compared with the truth (`poolTruth`).
 *
 * The pool profile (hardware/profiles/pool.json) has pocket beams that name no ball, two rail
 * piezos that name no ball, an out beam, and no contact or strike sensor. So a simulated referee
 * (`poolAnswer`, sim/players/pool-referee.ts) answers, from the truth and through the engine's own
 * inputs (`decide`), what the engine asks:
 * which ball fell (`pocket.ball-identity`), the first ball the cue ball hit (`pocket.first-contact`:
 * the match is started with `contactSensor: false`), whether four balls reached a cushion on the
 * break, which group was meant. The player calls the 8 (a `ref` `call`, as the discipline asks);
 * options (break choices) are answered with their defaults. The simulated rack follows the engine
 * before each shot: turn, break, ball in hand, groups, spotted balls, new racks.
 */
import type { GameEvent } from '../../shared/game/events';
import { getEngine } from '../../hub/rules/registry';
import { toGameEvent } from '../../hub/games/assembler';
import type { PoolReport } from '../../hub/rules/pool/report';
import { PoolRack } from '../../sim/players/pool';
import { poolAnswer, poolUnnamed } from '../../sim/players/pool-referee';
import { poolGroupOf, poolTruth, type PoolBefore, type PoolGame, type PoolTruth } from '../../sim/players/truth';
import { FirmwareTable } from '../../sim/signals/firmware';
import { signalsFor, type NoiseOptions } from '../../sim/signals/signals';
import type { TableSpec } from '../../sim/physics/world';

export interface PoolCount {
  shots: number;
  /** Shots judged with no question open at rest (the engine decided alone), and those wrong. */
  decided: number;
  decidedWrong: number;
  /** Shots where the engine asked (a question, not a player's option) and the referee answered from the truth; and those still wrong. */
  pending: number;
  pendingWrong: number;
  /** Per aspect: shots where the engine and the truth disagree. */
  foulWrong: number;
  creditWrong: number;
  turnWrong: number;
  racks: number;
  rackWinnerRight: number;
  rackWinnerWrong: number;
  matches: number;
  trueFouls: number;
  truePots: number;
  /** Balls the sim had to take off or spot because the engine saw another table. */
  forced: number;
  unanswerable: number;
  breaks: number;
  pushOuts: number;
  /** Push-outs without a foul: the opponent's option (play or pass) follows. */
  pushOutsClean: number;
  /** Eight-ball: open tables closed by a legal pocket (groups set), and shots at the 8 with its pocket called. */
  groupsSet: number;
  eightCalls: number;
  /** Balls the truth puts back on the table (the 9 after a foul or a push-out, the 8 on the break). */
  spotted: number;
  safeties: number;
  /** Captures and exits a beam merged with another ball's (same pocket, the out line), entered by the referee. */
  entered: number;
  /** Captures the pockets' colour sensors named (sure enough), and those named wrongly. */
  named: number;
  namedWrong: number;
  /** Captures and exits in the truth: no sensor names their ball. */
  unnamedTrue: number;
}

export interface PoolRun {
  count: PoolCount;
  /** How the racks ended (the engine's reasons), and the fouls the truth saw, by rule. */
  reasons: Record<string, number>;
  fouls: Record<string, number>;
  /** Questions raised, by kind (options included, answered with their defaults). */
  asked: Record<string, number>;
  wrong: string[];
  rejected: string[];
  fw: FirmwareTable;
}

const sorted = (xs: readonly string[]): string => [...xs].sort().join(',');

/**
 * Compares one judged shot with the truth: fouls rule by rule, the balls pocketed, off the table
 * and spotted, and who shoots next from where, or the rack winner. Returns the disagreements.
 */
export function compareShot(before: PoolReport, after: PoolReport, truth: PoolTruth, count: PoolCount, reasons: Record<string, number>): string[] {
  const rec = after.shots.at(-1)!;
  const notes: string[] = [];
  // Fouls: the same rules (PB-SHOT-1, PB-FOUL-1/2/3, WPA-8/9-BREAK), as many times. Without a
  // contact sensor the engine does not ask the rail when another foul already decides the shot
  // (the answer would change nothing): it may then leave out a no-rail PB-SHOT-1.
  const engineRules = sorted(rec.fouls.map((f) => f.rule));
  const noRailToo = truth.firstContact !== null && truth.fouls.includes('PB-SHOT-1') && truth.fouls.length > 1;
  if (engineRules !== sorted(truth.fouls) && !(noRailToo && engineRules === sorted(truth.fouls.filter((f) => f !== 'PB-SHOT-1')))) {
    count.foulWrong++;
    notes.push(`foul: truth ${truth.fouls.join('+') || 'none'}, engine ${rec.fouls.map((f) => f.rule + ':' + f.code).join('+') || 'none'}`);
  }
  if (sorted(rec.pocketed) !== sorted(truth.potted) || sorted(rec.offTable) !== sorted(truth.off) || sorted(rec.spotted) !== sorted(truth.spotted)) {
    count.creditWrong++;
    notes.push(
      `balls: truth pocketed ${sorted(truth.potted)} off ${sorted(truth.off)} spotted ${sorted(truth.spotted)}; engine ${sorted(rec.pocketed)} / ${sorted(rec.offTable)} / ${sorted(rec.spotted)}`,
    );
  }
  const rackEnded = after.racks.length > before.racks.length || after.status === 'finished';
  if (truth.winner !== null || rackEnded) {
    count.racks++;
    const w = rackEnded ? after.racks.at(-1)!.winner : null;
    if (rackEnded) reasons[after.racks.at(-1)!.reason] = (reasons[after.racks.at(-1)!.reason] ?? 0) + 1;
    if (w === truth.winner) count.rackWinnerRight++;
    else {
      count.rackWinnerWrong++;
      notes.push(`rack winner: truth ${truth.winner}, engine ${w}`);
    }
  } else if (after.rack.turn !== truth.next || after.rack.ballInHand !== truth.ballInHand) {
    count.turnWrong++;
    notes.push(`next: truth ${truth.next} (in hand ${truth.ballInHand}), engine ${after.rack.turn} (in hand ${after.rack.ballInHand})`);
  }
  return notes;
}

/**
 * Puts the simulated balls where the engine has them (after a shot that did not end the rack):
 * balls it has on the table and the sim does not are spotted, the others taken off. Returns how
 * many had to be moved although the truth did not say so.
 */
export function followEngine(rack: PoolRack, after: PoolReport, truth: PoolTruth): number {
  let forced = 0;
  for (const [id, s] of Object.entries(after.rack.balls)) {
    if (id === 'cue') continue;
    const simOn = rack.ball(id).state === 'table';
    if (s === 'table' && !simOn) {
      rack.spot(id);
      if (!truth.spotted.includes(id)) forced++;
    } else if (s !== 'table' && simOn) {
      rack.remove(id);
      forced++;
    }
  }
  if (after.rack.ballInHand === null && rack.ball('cue').state !== 'table') {
    // The engine gives no ball in hand, yet the cue ball is gone: put it back on the table.
    rack.spot('cue');
    forced++;
  }
  return forced;
}

/** The table before a shot, in the truth's terms, from the engine's report (before rack 1: the first player breaks). */
export function beforeOf(game: PoolGame, r: PoolReport): Omit<PoolBefore, 'meant' | 'eightCall'> {
  const shooter = r.rack.turn ?? 'A';
  return {
    game,
    shooter,
    opponent: shooter === 'A' ? 'B' : 'A',
    isBreak: !r.rack.started,
    onTable: Object.entries(r.rack.balls).flatMap(([id, s]) => (id !== 'cue' && s === 'table' ? [id] : [])),
    group: r.rack.groups[shooter] ?? null,
    fouls: r.rack.consecutiveFouls[shooter] ?? 0,
  };
}

export function poolChain(game: PoolGame, shots: number, opts: { noise: NoiseOptions; seed: number; skill: number; table?: Partial<TableSpec> }): PoolRun {
  const engine = getEngine(game)!;
  const fw = new FirmwareTable({ profile: 'pool', device: 'p1-a', table: 'p1' });
  const rack = new PoolRack(game, { skill: opts.skill, seed: opts.seed, ...(opts.table ? { table: opts.table } : {}) });
  let seq = 0;
  let t = 1000;
  let state: unknown;
  const ev = (e: Omit<GameEvent, 'seq'>): number => {
    state = engine.reduce(state, { ...e, seq } as GameEvent);
    return seq++;
  };
  const rep = (): PoolReport => engine.report(state) as PoolReport;
  const newMatch = (): void => {
    state = engine.initial();
    seq = 0;
    // The pool profile has no contact sensor: the engine must ask the first contact, not assume none.
    ev({
      type: 'start',
      t: 0,
      by: 'referee',
      players: [
        { id: 'A', name: 'A' },
        { id: 'B', name: 'B' },
      ],
      config: { contactSensor: false, raceTo: 3 },
    } as GameEvent);
  };
  newMatch();
  const count: PoolCount = {
    shots: 0,
    decided: 0,
    decidedWrong: 0,
    pending: 0,
    pendingWrong: 0,
    foulWrong: 0,
    creditWrong: 0,
    turnWrong: 0,
    racks: 0,
    rackWinnerRight: 0,
    rackWinnerWrong: 0,
    matches: 1,
    trueFouls: 0,
    truePots: 0,
    forced: 0,
    unanswerable: 0,
    entered: 0,
    named: 0,
    namedWrong: 0,
    breaks: 0,
    pushOuts: 0,
    pushOutsClean: 0,
    spotted: 0,
    groupsSet: 0,
    eightCalls: 0,
    safeties: 0,
    unnamedTrue: 0,
  };
  const asked: Record<string, number> = {};
  const wrong: string[] = [];
  const rejected: string[] = [];
  const reasons: Record<string, number> = {};
  const fouls: Record<string, number> = {};
  let rackNo = 0;
  for (let i = 0; i < shots; i++) {
    if (rep().status === 'finished') {
      rejected.push(...rep().rejected.map((r) => `${r.type}:${r.code}:${r.reason}`));
      newMatch();
      count.matches++;
      rackNo = 0;
    }
    const before = rep();
    // A new rack (the engine sets up rack 1 on the first shot: rack 0 is the same rack).
    if (Math.max(1, before.rack.no) !== rackNo) {
      rack.reset();
      rackNo = Math.max(1, before.rack.no);
    }
    // Before the first rack the engine has no turn yet: the first player breaks (no lag entered, PB-LAG-1 skipped).
    const b0 = beforeOf(game, before);
    const shooter = b0.shooter;
    if (b0.isBreak) count.breaks++;
    const plan = rack.plan(b0, before.rack.ballInHand, opts.seed * 7919 + i);
    // The 8 must be called (callEight): the player names the pocket it means, before the shot.
    const call = game === 'eight-ball' && !b0.isBreak && plan.target === '8' ? plan.pocket : null;
    if (call !== null) ev({ type: 'ref', t, by: 'player', call: 'call', ball: '8', place: call } as GameEvent);
    // No shot the player trusts: nine-ball pushes out when it may (after a legal break); eight-ball calls a safety.
    const pushOut = game === 'nine-ball' && before.rack.pushOutAvailable && !plan.confident;
    const safety = game === 'eight-ball' && !b0.isBreak && !plan.confident && plan.target !== '8';
    if (pushOut || safety) {
      ev({ type: 'ref', t, by: 'player', call: pushOut ? 'push-out' : 'safety' } as GameEvent);
      if (pushOut) count.pushOuts++;
      else count.safeties++;
    }
    const res = rack.play(plan, opts.seed * 104_729 + i);
    const meant = plan.target === null ? null : poolGroupOf(plan.target);
    const truth = poolTruth(res.events, { ...b0, meant, eightCall: call, pushOut, safety });
    const sig = signalsFor(rack.table, fw.profile, res.events, { noise: opts.noise, seed: opts.seed * 31 + i });
    const fired = fw.play(sig.edges, sig.durationUs);
    // The identities the referee knows: the k-th capture in a pocket is the k-th pocket event there; the k-th exit the k-th out event.
    const names = new Map<number, string>();
    const seen: Record<string, number> = {};
    const nth = (key: string): number => (seen[key] = (seen[key] ?? -1) + 1);
    const { captures, offs } = poolUnnamed(res.events);
    ev({ type: 'strike', t, by: 'hub' } as GameEvent);
    const base = fired[0]?.t ?? 0;
    let last = t;
    for (const e of fired) {
      last = t + (e.t - base) / 1000 + 1;
      const g = toGameEvent({ event: e, at: last } as never);
      if (g?.kind !== 'event') continue;
      const ge = g.event;
      const s = ev(ge);
      if (ge.type === 'pocket' && ge.captured) {
        // The k-th capture in a pocket is its k-th pocket event, named by its colour sensor or not.
        const c = captures.filter((x) => x.place === ge.pocket)[nth(`p:${ge.pocket}`)];
        if (ge.ball === undefined) {
          if (c) names.set(s, c.ball);
        } else {
          count.named++;
          if (c?.ball !== ge.ball) count.namedWrong++;
        }
      } else if (ge.type === 'off_table' && ge.ball === undefined) {
        const o = offs[nth('out')];
        if (o) names.set(s, o);
      }
    }
    // Two balls into one pocket a few centimetres apart block its beams as one ball (the firmware
    // keeps one jaw pulse per pocket), two balls over the rail at once the one out beam: the
    // referee enters the capture or exit the table did not report.
    for (const place of new Set(captures.map((c) => c.place))) {
      for (const c of captures.filter((x) => x.place === place).slice((seen[`p:${place}`] ?? -1) + 1)) {
        ev({ type: 'pocket', t: last, by: 'referee', pocket: place, captured: true, ball: c.ball } as GameEvent);
        count.entered++;
      }
    }
    for (const o of offs.slice((seen['out'] ?? -1) + 1)) {
      ev({ type: 'off_table', t: last, by: 'referee', ball: o } as GameEvent);
      count.entered++;
    }
    t = Math.max(t + res.duration * 1000 + 10, last + 10);
    ev({ type: 'at_rest', t, by: 'hub' } as GameEvent);
    const atRest = engine.summary(state);
    const isPending = atRest.provisional;
    for (let round = 0; round < 6 && engine.summary(state).pending.length > 0; round++) {
      for (const p of engine.summary(state).pending) {
        asked[p.kind] = (asked[p.kind] ?? 0) + 1;
        let a = poolAnswer(p, truth, names, meant, res.events, call);
        if (a === null) {
          count.unanswerable++;
          a = p.options[0]!.value;
        }
        ev({ type: 'decide', t: t + 1, by: 'referee', decision: p.id, answer: a } as GameEvent);
      }
    }
    t += 1000;
    const after = rep();
    const rec = after.shots.at(-1)!;
    count.shots++;
    if (truth.fouls.length > 0) count.trueFouls++;
    for (const f of new Set(truth.fouls)) fouls[f] = (fouls[f] ?? 0) + 1;
    if (pushOut && truth.fouls.length === 0) count.pushOutsClean++;
    if (b0.group === null && truth.group !== null) count.groupsSet++;
    if (call !== null) count.eightCalls++;
    count.spotted += truth.spotted.length;
    count.unnamedTrue += captures.length + offs.length;
    count.truePots += truth.potted.filter((b) => b !== 'cue').length;
    const notes = compareShot(before, after, truth, count, reasons);
    const rackEnded = after.racks.length > before.racks.length || after.status === 'finished';
    if (isPending) count.pending++;
    else count.decided++;
    if (notes.length > 0) {
      if (isPending) count.pendingWrong++;
      else count.decidedWrong++;
      const seqEv = res.events
        .filter((e) => e.type !== 'rest')
        .map((e) =>
          e.type === 'contact'
            ? `${e.a}-${e.b}`
            : e.type === 'cushion'
              ? `c(${e.ball})`
              : e.type === 'capture'
                ? `${e.ball}>${e.place}`
                : e.type === 'off'
                  ? `${e.ball}^`
                  : '',
        );
      wrong.push(
        `${game} shot ${i} (rack ${before.rack.no}${b0.isBreak ? ', break' : ''}, ${shooter}${isPending ? ', after answers' : ''}): ${notes.join('; ')} | truth ${seqEv.join(' ')} | fw ${fired.map((e) => `${e.e}:${e.p ?? ''}`).join(' ')} | ${rec.result}`,
      );
    }
    if (!rackEnded) count.forced += followEngine(rack, after, truth);
  }
  fw.stop();
  rejected.push(...rep().rejected.map((r) => `${r.type}:${r.code}:${r.reason}`));
  return { count, reasons, fouls, asked, wrong, rejected, fw };
}
