/**
 * The referee panel's calls (call-args.ts) against the catalogue and the engines: every call a game
 * declares is described, its answers are the ones its engine reads, every label exists, the event a
 * pick makes is the one the rules catalogue documents, and every refusal the rules give a call of
 * the panel, in the states of the recorded fixtures, is said in words (`rule.*`), not in the
 * engine's English.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/en';
import { CATALOGUE, type GameFamily } from '../../../shared/game/catalogue';
import type { GameEvent } from '../../../shared/game/events';
import { getEngine } from '../../../hub/rules/registry';
import { FOULS } from '../../../hub/rules/carom/general';
import { FOUL_RULES } from '../../../hub/rules/pool/facts';
import { PLACE_KINDS } from '../../../hub/rules/minigolf/lane';
import { readProfile } from '../../../hub/profiles';
import { argsOf, callBody, callsFor, choicesFor, type CallArgs, type Picked } from './call-args';
import { CAROM_CALL_ARGS, GOLF_BILLIARDS_CALL_ARGS, MINIGOLF_CALL_ARGS, POOL_CALL_ARGS } from '../../../shared/game/call-args';

/** The tables of call arguments by family (shared/game/call-args.ts), as the catalogue uses them. */
const CALL_ARGS: Record<GameFamily, Readonly<Record<string, CallArgs>>> = {
  carom: CAROM_CALL_ARGS,
  pool: POOL_CALL_ARGS,
  'golf-billiards': GOLF_BILLIARDS_CALL_ARGS,
  minigolf: MINIGOLF_CALL_ARGS,
};

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures');
const values = (xs: readonly { value: string }[]): string[] => xs.map((x) => x.value).sort();

describe('referee panel: the calls as buttons', () => {
  it('describes every call the catalogue declares for a family, and no other', () => {
    const declared = new Map<GameFamily, Set<string>>();
    for (const g of CATALOGUE) for (const c of g.referee.calls) (declared.get(g.family) ?? declared.set(g.family, new Set()).get(g.family)!).add(c.call);
    for (const [family, calls] of declared) expect(Object.keys(CALL_ARGS[family]).sort(), family).toEqual([...calls].sort());
  });

  it('offers the answers the engines read: carom foul codes by ruleset, pool fouls, minigolf placements', () => {
    const foul = CALL_ARGS.carom['foul']!.choice!;
    expect(values(foul.options)).toEqual(Object.keys(FOULS).sort());
    for (const o of foul.options) expect(o.rulesets, o.value).toEqual(FOULS[o.value]!.rulesets);
    // CG-FOUL-4 is salon's, C3-FOUL-2 the CEB's: each match offers its own ruleset's.
    expect(values(choicesFor(foul, 'salon-002'))).toContain('opponents_turn');
    expect(values(choicesFor(foul, 'salon-002'))).not.toContain('touch');
    expect(values(choicesFor(foul, 'ceb-004'))).toContain('touch');
    expect(values(CALL_ARGS.pool['foul']!.choice!.options)).toEqual(Object.keys(FOUL_RULES).sort());
    expect(values(CALL_ARGS.minigolf['place']!.choice!.options)).toEqual([...PLACE_KINDS].sort());
  });

  it('every label it shows is in the dictionary: calls, answers, numbers, what a call still needs, the pool table’s pockets', () => {
    const keys: string[] = [];
    for (const [family, calls] of Object.entries(CALL_ARGS)) {
      for (const [call, a] of Object.entries(calls)) {
        keys.push(`ref.call.${family}.${call}`);
        for (const o of a.choice?.options ?? []) keys.push(`ref.opt.${family}.${call}.${o.value}`);
        for (const n of a.numbers ?? []) keys.push(`ref.num.${n.label}`, `ref.need.${n.label}`);
      }
    }
    for (const need of ['player', 'ball', 'pocket', 'group', 'choice']) keys.push(`ref.need.${need}`);
    for (const s of readProfile('pool').sensors) if (s.kind === 'pocket' && s.place) keys.push(`place.${s.place}`);
    expect(keys.filter((k) => !(k in en))).toEqual([]);
  });

  it('makes the event the rules catalogue documents: only what the call takes, numbers as numbers', () => {
    const carom = argsOf('three-cushion', 'foul');
    expect(callBody('foul', carom, { player: 'A', choice: 'touch' })).toEqual({
      body: { type: 'ref', call: 'foul', by: 'referee', player: 'A', value: 'touch' },
    });
    expect(callBody('foul', carom, { player: 'A' })).toEqual({ missing: 'choice' });
    // A player picked for a call that names none stays out of it.
    expect(callBody('end_game', argsOf('three-cushion', 'end_game'), { player: 'A' })).toEqual({ body: { type: 'ref', call: 'end_game', by: 'referee' } });
    expect(callBody('call', argsOf('eight-ball', 'call'), { ball: '3', pocket: 'tl' })).toEqual({
      body: { type: 'ref', call: 'call', by: 'referee', ball: '3', place: 'tl' },
    });
    expect(callBody('call', argsOf('eight-ball', 'call'), { ball: '3' })).toEqual({ missing: 'pocket' });
    // MG-CARD-1: a lane score is the number of strokes, on the lane named (or the player's own).
    const score = argsOf('minigolf', 'score');
    const picked: Picked = { player: 'ana', numbers: { value: 3, place: 2 } };
    expect(callBody('score', score, picked)).toEqual({ body: { type: 'ref', call: 'score', by: 'referee', player: 'ana', place: '2', value: 3 } });
    expect(callBody('score', score, { player: 'ana', numbers: { place: 2 } })).toEqual({ missing: 'strokes' });
    expect(callBody('correct', argsOf('minigolf', 'correct'), { player: 'ana', numbers: { place: 4, value: 2, round: 1 } })).toEqual({
      body: { type: 'ref', call: 'correct', by: 'referee', player: 'ana', place: '4', value: 2, data: { round: 1 } },
    });
    expect(callBody('initial', argsOf('minigolf', 'initial'), { player: 'ana', choice: 'marker' })).toEqual({
      body: { type: 'ref', call: 'initial', by: 'referee', player: 'ana', data: { by: 'marker' } },
    });
    expect(callBody('submit', argsOf('minigolf', 'submit'), { group: 'g1', numbers: { value: 1 } })).toEqual({
      body: { type: 'ref', call: 'submit', by: 'referee', place: 'g1', value: 1 },
    });
  });

  it('offers play (the shot clock) only to a match with a shot clock', () => {
    expect(callsFor('three-ball', { config: { shotClockSeconds: null } })).not.toContain('play');
    expect(callsFor('three-ball', { config: { shotClockSeconds: 40 } })).toContain('play');
    expect(callsFor('no-such-game', null)).toEqual([]);
  });
});

/** A recorded match per game, to try the calls in each of its states. */
const LOGS: Record<string, string> = {
  'golf-billiards': 'golf-billiards/ann-wins-match-2-0.jsonl',
  'three-cushion': 'carom/three-cushion-ceb-lag-ayse-wins-to-3.jsonl',
  'three-ball': 'carom/three-ball-salon-series-of-3-then-out.jsonl',
  'four-ball': 'carom/four-ball-no-contact-erases-55.jsonl',
  'eight-ball': 'pool/eight-ball-a-wins-called-eight.jsonl',
  'nine-ball': 'pool/nine-ball-a-wins-race-to-2.jsonl',
  minigolf: 'minigolf/normal-round-ben-wins.jsonl',
};
const BALLS = ['W', 'Y', 'R', 'M', 'cue', '1', '3', '8', '9', 'A1', 'A3', 'B2'];

describe('referee panel: refusals in words', () => {
  it('every refusal the rules give a call of the panel, after each event of a recorded match of each game, has its sentence (rule.*)', () => {
    const unsaid = new Map<string, string>();
    for (const g of CATALOGUE) {
      const engine = getEngine(g.id)!;
      const log = readFileSync(path.join(FIXTURES, LOGS[g.id]!), 'utf8')
        .split('\n')
        .filter((l) => l.trim())
        .map((l) => JSON.parse(l) as GameEvent);
      const players = log[0]!.type === 'start' ? log[0]!.players.map((p) => p.id) : [];
      let state = engine.initial();
      for (const [i, e] of log.entries()) {
        state = engine.reduce(state, e);
        for (const { call } of g.referee.calls) {
          const a = CALL_ARGS[g.family][call]!;
          const tries: Picked[] = [];
          for (const player of [undefined, ...players])
            for (const ball of a.ball ? [undefined, ...BALLS] : [undefined])
              for (const choice of [undefined, ...(a.choice?.options.map((o) => o.value) ?? [])])
                tries.push({ player, ball, choice, pocket: 'tl', group: 'g1', numbers: { value: 3, place: 1, round: 1 } });
          for (const p of tries) {
            const built = callBody(call, a, p);
            if (!('body' in built)) continue;
            const seq = log.length + 1;
            const after = engine.reduce(state, { ...built.body, seq, t: e.t + 1 } as GameEvent);
            for (const r of engine.rejections?.(after) ?? [])
              if (r.seq === seq && !(`rule.${r.code}` in en)) unsaid.set(r.code, `${g.id} ${call} after event ${i}: ${r.reason}`);
          }
        }
      }
    }
    expect([...unsaid.values()]).toEqual([]);
  });
});
