import { describe, expect, it } from 'vitest';
import { categoryFor, heldCategory, isAllowedEntry } from './categories';
import { parseConfig } from './config';
import { minigolf } from './index';
import { report } from './report';
import { laneSequence, markerOf, rotate, twoCourseShotgun } from './round';
import { toArray } from '../common/plist';
import { Log, codes, fill, game, run } from './testkit';

const lanesOf = (l: Log, id: string, r = 0) => game(l.events).players[id]!.cards[r]!.lanes;

describe('rounds and order of play', () => {
  it('MG-COURSE-1: a round is 18 lanes; after the 18th lane the round is complete', () => {
    const l = new Log().start(['ana']).round(['ana'], { ana: fill(18, 2) });
    const g = game(l.events);
    expect(g.players.ana!.cards[0]!.lanes).toEqual(fill(18, 2));
    expect(g.status).toBe('finished');
  });
  it('MG-COURSE-2 / MG-GEN-3: lane components come from configuration (annexes are not in the seed)', () => {
    const { config } = parseConfig({ lanes: 9, system: 'felt', lane: { 3: { startOnly: true, obstacles: 2, marks: false } } });
    expect(config.lanes).toBe(9);
    expect(config.system).toBe('felt');
    expect(config.lane[3]).toEqual({ startOnly: true, obstacles: 2, marks: false });
  });
  it('MG-COURSE-11: a hole larger than 120 mm is reported as a configuration problem', () => {
    expect(parseConfig({ holeMm: { 4: 130, 5: 120 } }).problems).toEqual(['lane 4: hole 130 mm is larger than 120 mm (MG-COURSE-11)']);
  });
  it('MG-GEN-2: the same rules bind every tournament: national and international configs score a lane alike', () => {
    const a = new Log().start(['ana'], { international: true }).lane('ana', 1, 4);
    const b = new Log().start(['ana'], { international: false }).lane('ana', 1, 4);
    expect(lanesOf(a, 'ana')).toEqual(lanesOf(b, 'ana'));
  });
  it('MG-ORDER-1: lanes in order; a shotgun start at 9 plays 9..18 then 1..8', () => {
    expect(laneSequence(9, 18)).toEqual([9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 1, 2, 3, 4, 5, 6, 7, 8]);
    const seq = twoCourseShotgun(9, 18, 'A', 'B');
    expect(seq.length).toBe(36);
    expect(seq[0]).toEqual({ course: 'A', lane: 9 });
    expect(seq[10]).toEqual({ course: 'B', lane: 1 });
    expect(seq[28]).toEqual({ course: 'A', lane: 1 });
    const l = new Log()
      .start(['ana'], { groups: [{ id: 'g', players: ['ana'], startLane: 9 }] })
      .lane('ana', 9, 3)
      .strike('ana', { lane: '11' });
    const s = run(l.events);
    expect(s.game.players.ana!.cards[0]!.lanes[8]).toBe(3);
    expect(codes(s)).toEqual(['wrong_lane']);
  });
  it('MG-ORDER-1: shotgun groups on different lanes: a stroke is attributed by its lane, never guessed', () => {
    const l = new Log()
      .start(['ana', 'ben', 'cem', 'dan'], {
        groups: [
          { id: 'g1', players: ['ana', 'ben'], startLane: 1 },
          { id: 'g2', players: ['cem', 'dan'], startLane: 10 },
        ],
      })
      .strike(undefined, { lane: '10' })
      .strike(undefined, { lane: '1' })
      .rest()
      .strike();
    const s = run(l.events);
    expect(s.game.players.cem!.play).toMatchObject({ lane: 10, strokes: 1, ball: 'rest' });
    expect(s.game.players.ana!.play).toMatchObject({ lane: 1, strokes: 1, ball: 'rest' });
    expect(codes(s)).toEqual(['unattributed_stroke']);
    l.strike(undefined, { lane: '10' }).hole(10);
    expect(game(l.events).players.cem!.cards[0]!.lanes[9]).toBe(2);
  });
  it('MG-ORDER-2: strokes before the previous player finished count and the lane is replayed from the start', () => {
    const l = new Log().start(['ana', 'ben']).strike('ana').rest().strike('ben').rest();
    let g = game(l.events);
    expect(g.players.ben!.play).toMatchObject({ strokes: 1, fromStart: true, ball: 'start' });
    l.strike('ana').hole(1).strike('ben').hole(1);
    g = game(l.events);
    expect(g.players.ben!.cards[0]!.lanes[0]).toBe(2);
  });
  it('MG-ORDER-7 (MG-Q10: the player order is fixed for the round): playing out of order counts, the hole is void', () => {
    const l = new Log().start(['ana', 'ben']).strike('ben').hole(1);
    const g = game(l.events);
    expect(g.players.ben!.cards[0]!.lanes[0]).toBeNull();
    expect(g.players.ben!.play!.strokes).toBe(1);
  });
  it('MG-ORDER-3: starting the next lane before the group finished counts and that lane is replayed', () => {
    const l = new Log().start(['ana', 'ben']).lane('ana', 1, 2).strike('ana', { lane: '2' }).hole(2);
    let g = game(l.events);
    expect(g.players.ana!.cards[0]!.lanes[1]).toBeNull();
    expect(g.players.ana!.play).toMatchObject({ lane: 2, strokes: 1, fromStart: true });
    l.lane('ben', 1, 3).strike('ana').hole(2);
    g = game(l.events);
    expect(g.players.ana!.cards[0]!.lanes[1]).toBe(2);
  });
  it('MG-ORDER-4: only one group on a lane at a time', () => {
    const l = new Log()
      .start(['ana', 'ben', 'cem', 'dan', 'eda'], {
        groups: [
          { id: 'g1', players: ['ana', 'ben'] },
          { id: 'g2', players: ['cem', 'dan', 'eda'] },
        ],
      })
      .strike('ana')
      .rest()
      .strike('cem');
    expect(codes(run(l.events))).toEqual(['lane_occupied']);
  });
  describe("MG-ORDER-4: a group that catches up waits at the lane; the lane is the other group's", () => {
    /** g2 starts lane 2; g1 holes lane 1 and reaches lane 2, where it must wait for g2. */
    const caughtUp = (): Log =>
      new Log()
        .start(['P1', 'P2'], {
          lanes: 3,
          groups: [
            { id: 'g1', players: ['P1'], startLane: 1 },
            { id: 'g2', players: ['P2'], startLane: 2 },
          ],
        })
        .strike(undefined, { lane: '2' })
        .rest()
        .strike(undefined, { lane: '1' })
        .hole(1);

    it("MG-ORDER-4: a stroke on the lane with no player named is the playing group's, not refused", () => {
      const l = caughtUp().strike(undefined, { lane: '2' });
      const s = run(l.events);
      // Was: refused `unattributed_stroke` (two groups on lane 2), though g1 may not play it.
      expect(codes(s)).toEqual([]);
      expect(s.game.players.P2!.play).toMatchObject({ lane: 2, strokes: 2, ball: 'moving' });
      expect(s.game.players.P1!.play).toBeNull();
      l.hole(2);
      expect(game(l.events).players.P2!.cards[0]!.lanes).toEqual([null, 2, null]);
    });

    it("MG-ORDER-4: the report shows the waiting group with nobody to play, waiting for the other; the summary's turn is the playing group's", () => {
      const s = run(caughtUp().events);
      const groups = report(s).groups.map((g) => ({ id: g.id, lane: g.lane, toPlay: g.toPlay, waitsFor: g.waitsFor, clock: g.clock?.player ?? null }));
      // Was: both groups with `toPlay` on lane 2.
      expect(groups).toEqual([
        { id: 'g1', lane: 2, toPlay: null, waitsFor: 'g2', clock: null },
        { id: 'g2', lane: 2, toPlay: 'P2', waitsFor: null, clock: 'P2' },
      ]);
      expect(minigolf.summary(s).turn).toBe('P2');
    });

    it("MG-ORDER-4: the waiting group's stroke, named, is still refused; once the lane is free it plays", () => {
      const l = caughtUp().strike('P1', { lane: '2' });
      expect(codes(run(l.events))).toEqual(['lane_occupied']);
      l.strike(undefined, { lane: '2' }).hole(2).strike(undefined, { lane: '2' });
      const s = run(l.events);
      // g2 left lane 2 for lane 3: g1 is the only group there; its unnamed stroke is P1's.
      expect(codes(s)).toEqual(['lane_occupied']);
      expect(s.game.players.P1!.play).toMatchObject({ lane: 2, strokes: 1 });
      expect(report(s).groups.map((g) => [g.id, g.lane, g.toPlay, g.waitsFor])).toEqual([
        ['g1', 2, 'P1', null],
        ['g2', 3, 'P2', null],
      ]);
    });

    it('MG-ORDER-4: two groups on a lane neither has started: an unnamed stroke is still refused, never guessed', () => {
      const l = new Log()
        .start(['P1', 'P2'], {
          lanes: 3,
          groups: [
            { id: 'g1', players: ['P1'], startLane: 1 },
            { id: 'g2', players: ['P2'], startLane: 1 },
          ],
        })
        .strike(undefined, { lane: '1' });
      expect(codes(run(l.events))).toEqual(['unattributed_stroke']);
    });
  });

  it('MG-ORDER-5: leaving the group without permission is a violation (A)', () => {
    const l = new Log().start(['ana', 'ben']).ref('violation', { player: 'ana', value: 'MG-ORDER-5' });
    expect(game(l.events).players.ana!.penalties.map((p) => p.level)).toEqual(['A']);
  });
  it("MG-ORDER-6: a break needs a referee's permission", () => {
    const l = new Log().start(['ana']).ref('break', { player: 'ana', by: 'player' }).ref('break', { player: 'ana' });
    const s = run(l.events);
    expect(codes(s)).toEqual(['referee_permission_required']);
    expect(s.game.players.ana!.warnings.map((w) => w.reason)).toEqual(['break granted']);
  });
  it('MG-ORDER-8: only a referee changes the scheduled order, and only before the round starts', () => {
    const l = new Log()
      .start(['ana', 'ben'])
      .ref('reorder', { place: 'g1', data: { order: ['ben', 'ana'] }, by: 'scorer' })
      .ref('reorder', { place: 'g1', data: { order: ['ben', 'ana'] } });
    let s = run(l.events);
    expect(codes(s)).toEqual(['referee_only']);
    expect(s.game.groups[0]!.order).toEqual(['ben', 'ana']);
    l.lane('ben', 1, 2).ref('reorder', { place: 'g1', data: { order: ['ana', 'ben'] } });
    s = run(l.events);
    expect(codes(s)).toEqual(['referee_only', 'order_fixed_in_round']);
  });
  it('MG-ORDER-9: after each round the first player becomes last', () => {
    expect(rotate(['a', 'b', 'c'])).toEqual(['b', 'c', 'a']);
    const l = new Log().start(['ana', 'ben', 'cem'], { rounds: 2 }).round(['ana', 'ben', 'cem'], { ana: fill(18, 2), ben: fill(18, 3), cem: fill(18, 3) });
    const g = game(l.events);
    expect(g.groups[0]!.order).toEqual(['ben', 'cem', 'ana']);
    expect(g.groups[0]!.round).toBe(1);
  });
  it('MG-ORDER-10: in a final round the highest totals start first', () => {
    const l = new Log()
      .start(['ana', 'ben', 'cem'], { rounds: 2, finalRounds: [2] })
      .round(['ana', 'ben', 'cem'], { ana: fill(18, 2), ben: fill(18, 4), cem: fill(18, 3) });
    const g = game(l.events);
    expect(g.groups.filter((x) => !x.done).map((x) => x.order)).toEqual([['ben', 'cem', 'ana']]);
  });
  it('MG-SCORE-8: a player absent when called scores 7 on every lane he misses', () => {
    const l = new Log().start(['ana', 'ben']).ref('absent', { player: 'ben' }).lane('ana', 1, 2).lane('ana', 2, 3);
    let g = game(l.events);
    expect(g.players.ben!.cards[0]!.lanes.slice(0, 2)).toEqual([7, 7]);
    expect(g.players.ben!.cards[0]!.how[0]).toBe('absent');
    l.ref('present', { player: 'ben' }).lane('ana', 3, 2).lane('ben', 3, 2);
    g = game(l.events);
    expect(g.players.ben!.cards[0]!.lanes.slice(0, 3)).toEqual([7, 7, 2]);
  });
  it('MG-SCORE-8 (seed 003 §9.7: 7 "for every parkur, on which he/she was absent when in turn to play"): a player alone in his group, absent on lanes 1 and 2, plays lane 3 on', () => {
    const l = new Log().start(['ana'], { lanes: 18 }).ref('absent', { player: 'ana' });
    // Called at lane 1 and not there: 7 for lane 1 only; lane 2's turn has not come yet.
    expect(game(l.events).players.ana!.cards[0]!.lanes.slice(0, 3)).toEqual([7, null, null]);
    l.ref('absent', { player: 'ana' });
    expect(game(l.events).players.ana!.cards[0]!.lanes.slice(0, 3)).toEqual([7, 7, null]);
    l.ref('present', { player: 'ana' }).lane('ana', 3, 2).lane('ana', 4, 3);
    const s = run(l.events);
    expect(codes(s)).toEqual([]);
    expect(s.game.players.ana!.cards[0]!.lanes.slice(0, 5)).toEqual([7, 7, 2, 3, null]);
    expect(s.game.players.ana!.cards[0]!.how.slice(0, 2)).toEqual(['absent', 'absent']);
  });
  it('MG-CARD-3: markers rotate (the last keeps the first) and nobody enters his own strokes', () => {
    expect(markerOf(['a', 'b', 'c'], 'a', parseConfig({}).config)).toBe('c');
    expect(markerOf(['a', 'b', 'c'], 'b', parseConfig({}).config)).toBe('a');
    expect(markerOf(['a', 'b'], 'a', parseConfig({}).config)).toBe('b');
    expect(markerOf(['a', 'b'], 'a', parseConfig({ markers: { a: 'official' } }).config)).toBe('official');
    const l = new Log().start(['ana', 'ben']).strike('ana', { by: 'player', who: 'ana' }).ref('score', { player: 'ana', value: 3, by: 'player', who: 'ana' });
    const s = run(l.events);
    expect(codes(s)).toEqual(['self_scoring', 'self_scoring']);
    expect(s.game.players.ana!.cards[0]!.lanes[0]).toBeNull();
  });
});

describe('stroke clocks', () => {
  type Clock = { player: string; seconds: number; startsOn: string; startedAt: number | null; dueAt: number | null };
  const clock = (l: Log, i = 0) => (report(run(l.events)).groups[i] as { clock: Clock }).clock;
  /** Events at given hub times (ms): the clock is measured on them. */
  const T = 10_000;
  const at = (ms: number) => ({ t: T + ms });
  const clockEvent = (phase: string, ms: number, player?: string) => ({
    type: 'clock' as const,
    clock: 'stroke',
    phase,
    by: 'hub',
    ...at(ms),
    ...(player ? { player } : {}),
  });
  const warnings = (l: Log, id: string) =>
    game(l.events)
      .players[id]!.warnings.filter((w) => w.rule?.startsWith('MG-TIME'))
      .map((w) => [w.rule, w.reason]);

  it("MG-TIME-1: the group's first stroke on a lane has 70 s from arrival; a later stroke is warned, not penalised", () => {
    const l = new Log().start(['ana', 'ben', 'cem']);
    expect(clock(l)).toEqual({ player: 'ana', seconds: 70, startsOn: 'arrival', startedAt: null, dueAt: null });
    l.add(clockEvent('start', 0));
    expect(clock(l)).toMatchObject({ startedAt: T, dueAt: T + 70_000 });
    const inTime = new Log().start(['ana', 'ben', 'cem']).add(clockEvent('start', 0)).strike('ana', at(69_000));
    expect(warnings(inTime, 'ana')).toEqual([]);
    l.strike('ana', at(75_000));
    expect(warnings(l, 'ana')).toEqual([['MG-TIME-1', 'stroke after 75 s, limit 70 s']]);
    expect(game(l.events).players.ana!.penalties).toEqual([]);
    expect(game(l.events).players.ana!.play!.strokes).toBe(1);
  });
  it('MG-TIME-2 / MG-EX-9: every other stroke has 60 s, from the ball at rest or from the previous player leaving', () => {
    // A 3-player group arrives at lane 12 at 0 s; ana strikes at 60 s, her ball rests at 82 s, S2 is due by 142 s.
    const l = new Log()
      .start(['ana', 'ben', 'cem'], { groups: [{ id: 'g', players: ['ana', 'ben', 'cem'], startLane: 12 }] })
      .add(clockEvent('start', 0))
      .strike('ana', at(60_000))
      .add({ type: 'at_rest', by: 'sensor', ...at(82_000) });
    expect(clock(l)).toEqual({ player: 'ana', seconds: 60, startsOn: 'ball_at_rest', startedAt: T + 82_000, dueAt: T + 142_000 });
    l.strike('ana', at(150_000)).add({ type: 'hole', lane: '12', by: 'sensor', ...at(155_000) });
    expect(warnings(l, 'ana')).toEqual([['MG-TIME-2', 'stroke after 68 s, limit 60 s']]);
    // Leaving the playing field is not sensed: nothing runs until it is said (here at 160 s); due by 220 s.
    expect(clock(l)).toEqual({ player: 'ben', seconds: 60, startsOn: 'previous_player_left', startedAt: null, dueAt: null });
    l.add(clockEvent('start', 160_000, 'ben'));
    expect(clock(l)).toMatchObject({ player: 'ben', dueAt: T + 220_000 });
    l.strike('ben', at(215_000));
    expect(warnings(l, 'ben')).toEqual([]);
    expect(game(l.events).players.ana!.cards[0]!.lanes[11]).toBe(2);
  });
  it('MG-TIME-3: in 2-player groups the first-stroke clock starts when the cards are shown', () => {
    const l = new Log().start(['ana', 'ben']);
    expect(clock(l).startsOn).toBe('cards_shown');
    l.add(clockEvent('start', 0)).strike('ana', at(71_000));
    expect(warnings(l, 'ana')).toEqual([['MG-TIME-3', 'stroke after 71 s, limit 70 s']]);
  });
  it('MG-TIME-1 (MG-Q9: no automatic sanction): an expired clock warns and alerts the referee; the late stroke is not warned twice', () => {
    const l = new Log()
      .start(['ana', 'ben', 'cem'])
      .add(clockEvent('start', 0))
      .add(clockEvent('expire', 70_000, 'ana'))
      .strike('ana', at(90_000));
    const g = game(l.events);
    expect(g.players.ana!.timeWarnings).toBe(1);
    expect(warnings(l, 'ana')).toEqual([['MG-TIME-1', 'stroke clock expired']]);
    expect(g.players.ana!.penalties).toEqual([]);
    expect(toArray(g.announcements)).toContain('Time: ana exceeded the stroke time (stroke clock expired)');
  });
  it('MG-TIME-2: a clock is only for the player to play; stop ends it; an interruption stops every clock (MG-INT-4)', () => {
    const l = new Log().start(['ana', 'ben', 'cem']).add(clockEvent('start', 0, 'ben'));
    expect(codes(run(l.events))).toEqual(['not_to_play']);
    l.add(clockEvent('start', 0))
      .add(clockEvent('stop', 10_000))
      .strike('ana', at(100_000))
      .add({ type: 'at_rest', by: 'sensor', ...at(101_000) });
    expect(warnings(l, 'ana')).toEqual([]);
    l.ref('interrupt', { value: 'storm', ...at(102_000) })
      .ref('resume', at(500_000))
      .strike('ana', at(501_000));
    expect(warnings(l, 'ana')).toEqual([]);
    expect(game(l.events).players.ana!.play!.strokes).toBe(2);
  });
  it('MG-BALL-2 (MG-Q15: the stroke clock is suspended during a ball search, and runs again once the ball is replaced)', () => {
    const l = new Log()
      .start(['ana', 'ben'])
      .strike('ana', at(0))
      .add({ type: 'at_rest', by: 'sensor', ...at(5_000) })
      .ref('ball_lost', { player: 'ana', ...at(20_000) });
    expect(clock(l)).toMatchObject({ startsOn: 'suspended_ball_search', startedAt: null });
    l.ref('ball_change', { player: 'ana', value: 'lost', ball: 'b2', ...at(330_000) });
    expect(clock(l)).toMatchObject({ startsOn: 'ball_at_rest', startedAt: T + 330_000 });
    l.strike('ana', at(350_000));
    expect(warnings(l, 'ana')).toEqual([]);
  });
});

describe('categories', () => {
  it('MG-CAT-1 / MG-CAT-2 (MG-Q11: age reached during the previous year): the ten categories by age and sex', () => {
    expect(categoryFor('2012-06-01', 'f', 2027)).toBe('Kf'); // 14 in 2026
    expect(categoryFor('2011-06-01', 'm', 2027)).toBe('Ym'); // 15 in 2026
    expect(categoryFor('2007-06-01', 'm', 2027)).toBe('M'); // 19
    expect(categoryFor('1981-06-01', 'f', 2027)).toBe('Sf1'); // 45
    expect(categoryFor('1968-06-01', 'm', 2027)).toBe('Sm2'); // 58
    expect(categoryFor(null, 'm', 2027)).toBeNull();
  });
  it('MG-CAT-3: the category changes on 1 January after the year the limit is passed', () => {
    expect(categoryFor('2011-12-31', 'f', 2026)).toBe('Kf'); // 14 in 2025
    expect(categoryFor('2011-12-31', 'f', 2027)).toBe('Yf'); // 15 in 2026
  });
  it('MG-CAT-4: a player may enter the general class instead, but no other category', () => {
    expect(isAllowedEntry('M', 'Sm1')).toBe(true);
    expect(isAllowedEntry('W', 'Kf')).toBe(true);
    expect(isAllowedEntry('Sm2', 'Sm1')).toBe(false);
    const g = game(new Log().start([{ id: 'x', name: 'X', born: '1975-01-01' }], { season: 2027, info: { x: { sex: 'm', category: 'Sm2' } } }).events);
    expect(g.players.x!.category).toBe('Sm1');
    expect(g.problems[0]).toContain('MG-CAT-4');
  });
  it('MG-CAT-5 / MG-CAT-6: a category not held sends the player toward the general class', () => {
    expect(heldCategory('Sf2', ['W', 'Sf1'])).toBe('Sf1');
    expect(heldCategory('Sf2', ['W'])).toBe('W');
    expect(heldCategory('Km', ['M', 'Ym'])).toBe('Ym');
    expect(heldCategory('Km', null)).toBe('Km');
  });
});

describe('interruption and cancellation', () => {
  it('MG-INT-1 / MG-INT-6: only the chief referee interrupts and resumes; strokes wait in between', () => {
    const l = new Log()
      .start(['ana'])
      .ref('interrupt', { by: 'scorer' })
      .ref('interrupt', { value: 'storm' })
      .strike('ana')
      .ref('resume')
      .strike('ana')
      .hole(1);
    const s = run(l.events);
    expect(codes(s)).toEqual(['chief_referee_only', 'interrupted']);
    expect(s.game.players.ana!.cards[0]!.lanes[0]).toBe(1);
  });
  it('MG-INT-2: play goes on in rain; on several courses an interruption covers every course', () => {
    const l = new Log()
      .start(['ana'], { courses: ['A', 'B'] })
      .ref('weather', { value: 'rain' })
      .ref('interrupt', { place: 'A' });
    const s = run(l.events);
    expect(s.game.interrupted).toBeNull();
    expect(codes(s)).toEqual(['all_courses']);
  });
  it('MG-INT-3: lightning nearby interrupts play', () => {
    const g = game(new Log().start(['ana']).ref('weather', { value: 'lightning' }).events);
    expect(g.interrupted?.reason).toBe('lightning');
  });
  it('MG-INT-4: at the interruption the ball is lifted and the score so far noted on the card', () => {
    const g = game(new Log().start(['ana']).strike('ana').ref('interrupt', { value: 'storm' }).events);
    expect(g.players.ana!.cards[0]!.interruptions).toEqual(['lane 1: 1 strokes, ball rest (storm)']);
  });
  it('MG-INT-5: players are ready at any time: after the resumption an absent player scores 7 when called', () => {
    const l = new Log().start(['ana', 'ben']).ref('interrupt').ref('resume').ref('absent', { player: 'ana' });
    expect(lanesOf(l, 'ana')[0]).toBe(7);
  });
  it('MG-INT-7: the chief referee may grant a warm-up after a long break', () => {
    const s = run(new Log().start(['ana']).ref('warmup', { by: 'player' }).ref('warmup').events);
    expect(codes(s)).toEqual(['chief_referee_only']);
    expect(s.game.warmups).toBe(1);
  });
  it('MG-INT-8: the jury or referee committee cancels the tournament', () => {
    const s = run(new Log().start(['ana']).ref('cancel', { by: 'player' }).ref('cancel', { why: 'flood' }).strike('ana').events);
    expect(s.game.status).toBe('abandoned');
    expect(codes(s)).toEqual(['jury_only', 'cancelled']);
  });
  it('MG-INT-9: an interruption beyond the playing day cancels the tournament', () => {
    expect(game(new Log().start(['ana']).ref('day_end').events).cancelled).toBeNull();
    expect(game(new Log().start(['ana']).ref('interrupt').ref('day_end').events).cancelled?.reason).toBe('interruption lasted beyond the playing day');
  });
});

describe("what the hub's timer waits for (nextClock)", () => {
  const T = 10_000;
  const at = (ms: number) => ({ t: T + ms });
  const start = (ms: number, player?: string) => ({
    type: 'clock' as const,
    clock: 'stroke',
    phase: 'start',
    by: 'hub',
    ...at(ms),
    ...(player ? { player } : {}),
  });
  const due = (l: Log) => minigolf.nextClock!(run(l.events));

  it('MG-TIME-1: a started first-stroke clock is due 70 s on; nothing is due before anyone starts it', () => {
    const l = new Log().start(['ana', 'ben', 'cem']);
    expect(due(l)).toBeNull();
    l.add(start(0));
    expect(due(l)).toEqual({ at: T + 70_000, event: { type: 'clock', clock: 'stroke', phase: 'expire', player: 'ana' } });
  });

  it('MG-TIME-2 / MG-Q9: the ball at rest starts the 60 s by itself; the expiry the hub sends warns once and nothing more is due', () => {
    const l = new Log()
      .start(['ana', 'ben', 'cem'])
      .add(start(0))
      .strike('ana', at(5_000))
      .add({ type: 'at_rest', by: 'sensor', ...at(9_000) });
    const d = due(l)!;
    expect(d).toEqual({ at: T + 69_000, event: { type: 'clock', clock: 'stroke', phase: 'expire', player: 'ana' } });
    l.add({ ...d.event, by: 'hub', t: d.at });
    expect(game(l.events).players.ana!.warnings.map((w) => w.rule)).toEqual(['MG-TIME-2']);
    expect(due(l)).toBeNull();
  });
});
