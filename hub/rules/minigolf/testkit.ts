/**
 * Test helpers: a small log builder and replay shortcuts (used by the tests only).
 */
import type { GameEvent, PlayerSetup } from '../../../shared/game/events';
import { replay } from '../common/replay';
import { minigolf } from './index';
import type { Game, State } from './state';

type Fields = Record<string, unknown>;

export class Log {
  readonly events: GameEvent[] = [];
  private t = 0;

  add(e: Fields & { type: GameEvent['type'] }): this {
    this.t += 1000;
    this.events.push({ t: this.t, ...e, seq: this.events.length } as GameEvent);
    return this;
  }
  start(players: (string | PlayerSetup)[], config: Fields = {}): this {
    const ps = players.map((p) => (typeof p === 'string' ? { id: p, name: p } : p));
    return this.add({ type: 'start', players: ps, config });
  }
  strike(player?: string, extra: Fields = {}): this {
    return this.add({ type: 'strike', ...(player !== undefined ? { player } : {}), by: 'sensor', ...extra });
  }
  rest(): this {
    return this.add({ type: 'at_rest', by: 'sensor' });
  }
  hole(lane: number, extra: Fields = {}): this {
    return this.add({ type: 'hole', lane: String(lane), by: 'sensor', ...extra });
  }
  ref(call: string, fields: Fields = {}): this {
    return this.add({ type: 'ref', call, by: 'referee', ...fields });
  }
  decide(decision: string, answer: string): this {
    return this.add({ type: 'decide', decision, answer, by: 'referee' });
  }
  wait(ms: number): this {
    this.t += ms;
    return this;
  }
  /** A whole lane: `score` 1..6 holes on that stroke; 7 = six strokes at rest (the cap). */
  lane(player: string, lane: number, score: number): this {
    const strokes = score >= 7 ? 6 : score;
    for (let i = 1; i < strokes; i++) this.strike(player).rest();
    this.strike(player);
    return score >= 7 ? this.rest() : this.hole(lane);
  }
  /** Lanes in sequence from `from`, players in the given order, scores[player][k] for the k-th lane played. */
  round(order: string[], scores: Record<string, number[]>, from = 1, lanes = 18): this {
    for (let k = 0; k < lanes; k++) {
      const lane = ((from - 1 + k) % lanes) + 1;
      for (const id of order) this.lane(id, lane, scores[id]![k]!);
    }
    return this;
  }
}

export function run(events: readonly GameEvent[]): State {
  return replay(minigolf, events).game;
}

export function game(events: readonly GameEvent[]): Game {
  return run(events).game;
}

export function fill(n: number, v: number): number[] {
  return Array.from({ length: n }, () => v);
}

/** 18 lane scores summing to `total` (spread evenly, each 1..7). */
export function spread(total: number, lanes = 18): number[] {
  const base = Math.floor(total / lanes);
  const extra = total - base * lanes;
  return Array.from({ length: lanes }, (_, i) => base + (i < extra ? 1 : 0));
}

export function codes(s: State): string[] {
  return s.rejected.map((r) => r.code);
}

/** Enters a whole round with manual lane scores (`score` calls by a marker), lane by lane. */
export function scoreRound(l: Log, scores: Record<string, number[]>, from = 1, lanes = 18): Log {
  for (let k = 0; k < lanes; k++) {
    const lane = ((from - 1 + k) % lanes) + 1;
    for (const [id, v] of Object.entries(scores)) l.ref('score', { player: id, place: String(lane), value: v[k]!, by: 'scorer', who: 'marker' });
  }
  return l;
}
