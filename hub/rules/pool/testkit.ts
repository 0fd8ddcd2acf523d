/**
 * Test helpers: build pocket billiards logs shot by shot. Used only by the tests in this folder.
 */
import type { GameEvent } from '../../../shared/game/events';
import type { ScoreSheet } from '../../../shared/game/sheets';
import type { RulesEngine } from '../../../shared/game/engine';
import { replay } from '../common/replay';
import type { PoolReport } from './report';
import type { PoolState } from './state';

type Draft = GameEvent extends infer E ? (E extends GameEvent ? Omit<E, 'seq' | 't'> & { t?: number } : never) : never;

export interface ShotSpec {
  player?: string;
  /** Object ball hit first by the cue ball (null: no contact). */
  first?: string | null;
  /** Balls that reach a cushion after the contact (cue ball allowed). */
  cushions?: string[];
  /** Captured balls, in order; 'pocket' id defaults to 'corner-1'. */
  pockets?: (string | { ball?: string; pocket: string })[];
  off?: string[];
  restDt?: number;
}

export class Log {
  readonly events: GameEvent[] = [];
  private seq = 0;
  private t = 0;

  constructor(
    config: Record<string, unknown> = {},
    players = [
      { id: 'A', name: 'Ayşe' },
      { id: 'B', name: 'Noam' },
    ],
    /** The score sheet the match continues from (sheet.ts); absent: a match from its opening. */
    sheet?: ScoreSheet,
  ) {
    this.events.push({ type: 'start', seq: this.seq++, t: 0, players, config, ...(sheet ? { sheet } : {}) });
  }

  add(d: Draft): this {
    this.t = d.t ?? this.t + 100;
    this.events.push({ ...d, seq: this.seq++, t: this.t } as GameEvent);
    return this;
  }

  /** Seq the next event will get. */
  get next(): number {
    return this.seq;
  }

  ref(call: string, fields: { player?: string; ball?: string; place?: string; value?: string | number | boolean; data?: Record<string, unknown> } = {}): this {
    return this.add({ type: 'ref', call, by: 'referee', ...fields });
  }

  decide(decision: string, answer: string): this {
    return this.add({ type: 'decide', decision, answer, by: 'player' });
  }

  identify(ref: number, ball: string): this {
    return this.add({ type: 'identify', ref, ball, by: 'sensor' });
  }

  rest(dt = 100): this {
    return this.add({ type: 'at_rest', t: this.t + dt });
  }

  /** One shot: strike, first contact, cushions, pockets, off-table, at rest. */
  shot(s: ShotSpec = {}): this {
    this.add({ type: 'strike', ball: 'cue', ...(s.player ? { player: s.player } : {}) });
    if (s.first) this.add({ type: 'contact', a: 'cue', b: s.first });
    for (const c of s.cushions ?? []) this.add({ type: 'cushion', ball: c, cushion: 'side' });
    for (const p of s.pockets ?? []) {
      const spec = typeof p === 'string' ? { ball: p, pocket: 'corner-1' } : p;
      this.add({ type: 'pocket', pocket: spec.pocket, captured: true, ...(spec.ball ? { ball: spec.ball } : {}) });
    }
    for (const o of s.off ?? []) this.add({ type: 'off_table', ball: o });
    return this.rest(s.restDt ?? 100);
  }

  /** A legal break that pockets the given balls (or drives four balls to a cushion). */
  break(pockets: string[] = [], first = '1'): this {
    return this.shot({ first, cushions: ['2', '3', '4', '5'], pockets });
  }
}

export function run(engine: RulesEngine<PoolState>, events: readonly GameEvent[]) {
  const m = replay(engine, events);
  return { m, s: m.game, summary: engine.summary(m.game), report: engine.report(m.game) as PoolReport };
}
