/**
 * Test helpers for the carom engines: a log builder in the worked examples' notation
 * (`STRIKE(W)` → `.strike('W')`), and replay shortcuts. Used by tests only.
 */
import type { GameEvent, PlayerSetup } from '../../../shared/game/events';
import type { ScoreSheet } from '../../../shared/game/sheets/index';
import type { RulesEngine } from '../../../shared/game/engine';
import { replay, type MatchState } from '../common/replay';
import type { CaromState } from './state';
import type { Core } from './state';
import { points } from './state';

type Ev = GameEvent;
type Fields = Record<string, unknown>;

export class Log {
  readonly events: Ev[] = [];
  private t = 0;

  constructor(players: string[] = ['A', 'B'], config: Record<string, unknown> = {}) {
    const ps: PlayerSetup[] = players.map((id) => ({ id, name: id }));
    this.push({ type: 'start', players: ps, config });
  }

  push(e: Omit<Ev, 'seq' | 't'> & Fields): this {
    this.events.push({ ...e, seq: this.events.length, t: this.t } as Ev);
    this.t += 1000;
    return this;
  }

  /** The start event carries `sheet`: the match continues from a score sheet (sheet.ts). */
  fromSheet(sheet: ScoreSheet): this {
    const start = this.events[0];
    if (start?.type === 'start') this.events[0] = { ...start, sheet };
    return this;
  }

  /** Next event's seq. */
  get next(): number {
    return this.events.length;
  }

  wait(ms: number): this {
    this.t += ms;
    return this;
  }

  strike(ball?: string): this {
    return this.push(ball === undefined ? { type: 'strike' } : { type: 'strike', ball });
  }
  cushion(ball?: string, cushion = 'L1'): this {
    return this.push(ball === undefined ? { type: 'cushion', cushion } : { type: 'cushion', ball, cushion });
  }
  contact(a?: string, b?: string): this {
    const e: Fields = { type: 'contact' };
    if (a !== undefined) e.a = a;
    if (b !== undefined) e.b = b;
    return this.push(e as Omit<Ev, 'seq' | 't'>);
  }
  out(ball?: string): this {
    return this.push(ball === undefined ? { type: 'off_table' } : { type: 'off_table', ball });
  }
  rest(): this {
    return this.push({ type: 'at_rest' });
  }
  ref(call: string, fields: Fields = {}): this {
    return this.push({ type: 'ref', by: 'referee', call, ...fields } as Omit<Ev, 'seq' | 't'>);
  }
  foul(code: string, fields: Fields = {}): this {
    return this.ref('foul', { value: code, ...fields });
  }
  decide(decision: string, answer: string, by: 'referee' | 'player' | 'hub' = 'referee'): this {
    return this.push({ type: 'decide', decision, answer, by, who: 'Ref' });
  }
  clock(clock: string, phase: 'start' | 'warn' | 'expire' | 'stop'): this {
    return this.push({ type: 'clock', clock, phase, by: 'hub' });
  }
  undo(why = 'wrong entry'): this {
    return this.push({ type: 'undo', by: 'referee', who: 'Ref', why });
  }
  redo(): this {
    return this.push({ type: 'redo', by: 'referee', who: 'Ref', why: 'put back' });
  }
  override(decision: string, answer: string, why = 'review'): this {
    return this.push({ type: 'override', decision, answer, by: 'referee', who: 'Ref', why });
  }

  /** A three-cushion point: three cushions, then both balls. */
  point3c(cue = 'W', objects: [string, string] = ['R', cue === 'W' ? 'Y' : 'W']): this {
    return this.strike(cue).cushion(cue, 'L1').cushion(cue, 'S2').cushion(cue, 'L2').contact(cue, objects[0]).contact(cue, objects[1]).rest();
  }
  /** A carom (both balls, no cushion). */
  carom(cue = 'W', objects: [string, string] = ['R', cue === 'W' ? 'Y' : 'W']): this {
    return this.strike(cue).contact(cue, objects[0]).contact(cue, objects[1]).rest();
  }
  /** One ball only. */
  miss(cue = 'W'): this {
    return this.strike(cue).contact(cue, 'R').cushion(cue, 'L1').rest();
  }
  /** No ball touched. */
  nothing(cue = 'W'): this {
    return this.strike(cue).cushion(cue, 'S2').cushion(cue, 'L1').rest();
  }
}

export function run(engine: RulesEngine<CaromState>, log: Log | readonly GameEvent[]): MatchState<CaromState> {
  return replay(engine, log instanceof Log ? log.events : log);
}

export function core(engine: RulesEngine<CaromState>, log: Log | readonly GameEvent[]): Core {
  return run(engine, log).game.core;
}

export function score(c: Core, id: string): number {
  const p = c.players.find((x) => x.id === id);
  if (!p) throw new Error(`no player ${id}`);
  return points(p);
}

export function turnOf(c: Core): string | null {
  return c.turn === null ? null : c.order[c.turn]!;
}

/** Default configs that skip the lag, so tests start at the break. */
export const NO_LAG = { lag: false };
