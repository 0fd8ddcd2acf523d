/**
 * No question may stall a table (issue 18, "Pool night": an eight-ball table sat at rack 1, 0–0,
 * for 13 minutes on "Was the 8-ball called?", a referee's question with no default at a table
 * without a referee). Every decision kind an engine can raise is listed here with how it is
 * settled when the people at the table do nothing, and the list is checked against the engines'
 * documented kinds (which dashboard/src/decisions.test.ts checks against the engines' code) and
 * against every decision the recorded fixtures raise:
 *
 * - `default`: it has a default, which the hub applies when nobody answers (hub/games/defaults.ts);
 * - `players`: it is put to the players at the table (the phone shows it, one tap per answer);
 * - `referee`: a referee's question without a default, raised only where the match has a referee
 *   by its own configuration (`refereed`, golf billiards' referee mode) or its rules (the reason
 *   is given); the referee panel shows it, and a player's phone shows it too, saying that only
 *   the referee can answer and play waits for him (dashboard/src/games/common.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PendingDecision } from '../../shared/game/engine';
import type { GameEvent } from '../../shared/game/events';
import { getEngine } from './registry';
import { initialMatch, replay, step } from './common/replay';
import { Log } from './pool/testkit';
import { eightBallEngine } from './pool/index';

const ROOT = path.resolve(import.meta.dirname, '../..');

type Settled = { by: 'default' } | { by: 'players' } | { by: 'referee'; when: string; refereed: (config: Record<string, unknown>, game: string) => boolean };

const golfReferee = (c: Record<string, unknown>): boolean => c['mode'] === 'referee';
const always = (): boolean => true;

/** Every documented decision kind, and what settles it when nobody at the table answers. */
const SETTLED: Record<string, Settled> = {
  'c3.point': { by: 'default' },
  'c3b.point': { by: 'default' },
  'c4.point': { by: 'default' },
  'carom.wrong_ball': { by: 'default' },
  'carom.balls_in_motion': { by: 'default' },
  'c3.lag': { by: 'referee', when: 'the lag (lag: true) is run by the referee, who names its winner (C3-LAG-*)', refereed: always },
  'c3.lag_collision': { by: 'referee', when: 'the lag (lag: true) is run by the referee (C3-LAG-5/6)', refereed: always },
  'golf-billiards.respot': { by: 'default' },
  'golf-billiards.respot_repeat': { by: 'default' },
  'golf-billiards.designate': { by: 'default' },
  'golf-billiards.zone': { by: 'default' },
  'golf-billiards.goal_ball': { by: 'default' },
  'golf-billiards.off_ball': { by: 'default' },
  'golf-billiards.own_onto_own': { by: 'default' },
  'golf-billiards.foul': { by: 'default' },
  'golf-billiards.played_in_goal': { by: 'default' },
  // Self mode (a bar): a default; referee mode: the referee at the table must say.
  'golf-billiards.first_drop': { by: 'referee', when: "referee mode only (mode: 'referee'); self mode has a default", refereed: golfReferee },
  'golf-billiards.opening': { by: 'referee', when: "referee mode only (mode: 'referee'); self mode has a default", refereed: golfReferee },
  'minigolf.hole_without_stroke': { by: 'default' },
  'minigolf.ball_change': { by: 'referee', when: "a tournament under WMF rules: a ball change is the referee's ruling (MG-BALL-*)", refereed: always },
  'minigolf.ranking_after_cancel': { by: 'referee', when: 'a cancelled federation event: the jury or referee committee rules (MG-INT-8)', refereed: always },
  'pocket.ball-identity': { by: 'players' },
  'pocket.first-contact': { by: 'players' },
  'pocket.rail': { by: 'default' },
  'pocket.frozen-moved': { by: 'players' },
  'eight-ball.break-cushions': { by: 'default' },
  'nine-ball.break-cushions': { by: 'default' },
  'eight-ball.eight-call': { by: 'players' },
  'eight-ball.group': { by: 'players' },
  'pocket.lag-choice': { by: 'default' },
  'pocket.break-foul': { by: 'default' },
  'pocket.break-eight': { by: 'default' },
  'pocket.break-eight-foul': { by: 'default' },
  'pocket.push-out-reply': { by: 'default' },
  'pocket.touch-restore': { by: 'default' },
};
/** Kinds put to the players only at a self-refereed table (with `refereed` the referee answers them). */
const PLAYERS_UNLESS_REFEREED = new Set(['pocket.first-contact', 'pocket.frozen-moved', 'eight-ball.eight-call']);

const KIND = /^(?:c3|c3b|c4|carom|golf-billiards|pocket|eight-ball|nine-ball|minigolf)\.[a-z][a-z_-]*$/;

/** Kinds in the "Pending decision(s)" tables of docs/games/*.md (first column). */
function documentedKinds(): Set<string> {
  const out = new Set<string>();
  for (const f of readdirSync(path.join(ROOT, 'docs/games'))) {
    let inSection = false;
    for (const line of readFileSync(path.join(ROOT, 'docs/games', f), 'utf8').split('\n')) {
      if (line.startsWith('## ')) inSection = /^## Pending decision/.test(line);
      else if (inSection && line.startsWith('|')) for (const m of (line.split('|')[1] ?? '').matchAll(/`([^`]+)`/g)) if (KIND.test(m[1]!)) out.add(m[1]!);
    }
  }
  return out;
}

const GAMES = ['three-cushion', 'three-ball', 'four-ball', 'eight-ball', 'nine-ball'];

/** Every decision the recorded fixtures raise, with its match's game and start config. */
function raisedInFixtures(): { game: string; config: Record<string, unknown>; d: PendingDecision }[] {
  const out: { game: string; config: Record<string, unknown>; d: PendingDecision }[] = [];
  for (const dir of ['carom', 'golf-billiards', 'pool', 'minigolf']) {
    const base = path.join(ROOT, 'test/fixtures', dir);
    for (const f of readdirSync(base).filter((x) => x.endsWith('.jsonl'))) {
      const game = dir === 'golf-billiards' || dir === 'minigolf' ? dir : GAMES.find((g) => f.startsWith(g))!;
      const engine = getEngine(game)!;
      const log = readFileSync(path.join(base, f), 'utf8')
        .split('\n')
        .filter((l) => l.trim())
        .map((l) => JSON.parse(l) as GameEvent);
      const start = log[0];
      const config = start?.type === 'start' ? (start.config ?? {}) : {};
      let m = initialMatch(engine);
      const seen = new Set<string>();
      for (const e of log) {
        m = step(engine, m, e);
        for (const d of engine.summary(m.game).pending) {
          if (seen.has(d.id)) continue;
          seen.add(d.id);
          out.push({ game, config, d });
        }
      }
    }
  }
  return out;
}

function stalls(s: Settled | undefined, d: PendingDecision, config: Record<string, unknown>, game: string): string | null {
  if (!s) return `${d.kind}: not in the list`;
  if (s.by === 'default') return d.default === null ? `${d.kind} (${d.id}): listed with a default, raised without one` : null;
  if (s.by === 'players') {
    if (d.answeredBy === 'players') return null;
    return PLAYERS_UNLESS_REFEREED.has(d.kind) && config['refereed'] === true ? null : `${d.kind} (${d.id}): put to the ${d.answeredBy}, not the players`;
  }
  if (d.default !== null || d.answeredBy === 'players') return null;
  return s.refereed(config, game) ? null : `${d.kind} (${d.id}): a referee's question without a default in a match without a referee (${s.when})`;
}

describe('no question stalls a table', () => {
  it('every documented decision kind is listed with what settles it', () => {
    const docs = documentedKinds();
    expect(docs.size).toBeGreaterThanOrEqual(30);
    expect(Object.keys(SETTLED).sort()).toEqual([...docs].sort());
  });

  it('every decision the recorded fixtures raise is settled as listed: a default, the players, or a referee the match has', () => {
    const raised = raisedInFixtures();
    expect(raised.length).toBeGreaterThan(20);
    const problems = raised.map(({ game, config, d }) => stalls(SETTLED[d.kind], d, config, game)).filter((x) => x !== null);
    expect(problems).toEqual([]);
    // A referee's questions without a default say so in the list, with the reason a referee is there.
    for (const [kind, s] of Object.entries(SETTLED)) if (s.by === 'referee') expect(s.when.length, kind).toBeGreaterThan(10);
  });

  it('PB-FROZEN-1, PB-SHOT-1, WPA-8: at a self-refereed eight-ball table the questions the referee answers elsewhere go to the players (the eight-call with a default)', () => {
    const cleared = (config: Record<string, unknown>) => new Log(config).break(['1']).shot({ first: '2', pockets: ['2', '3', '4', '5', '6', '7'] });
    const eightDown = (config: Record<string, unknown>) =>
      replay(eightBallEngine, cleared(config).shot({ first: '8', pockets: [{ ball: '8', pocket: 'c2' }] }).events).game;
    const bar = eightBallEngine.summary(eightDown({})).pending;
    expect(bar.map((d) => [d.kind, d.answeredBy, d.default])).toEqual([['eight-ball.eight-call', 'players', 'yes']]);
    const league = eightBallEngine.summary(eightDown({ refereed: true })).pending;
    expect(league.map((d) => [d.kind, d.answeredBy, d.default])).toEqual([['eight-ball.eight-call', 'referee', null]]);
    for (const d of [...bar, ...league]) expect(stalls(SETTLED[d.kind], d, d === league[0] ? { refereed: true } : {}, 'eight-ball')).toBeNull();
  });
});
