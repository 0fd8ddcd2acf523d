import { describe, expect, it } from 'vitest';
import { DEFAULTS } from './config';
import { holedScore, isCapReached, isGiveUpPenalised, mayStrike, newPlay, placementLimit, placementProblem, strokeCap } from './lane';
import { replay } from '../common/replay';
import { minigolf } from './index';
import { Log, codes, game, run } from './testkit';

const one = () => new Log().start(['ana', 'ben']);
const card = (l: Log, id = 'ana', r = 0) => game(l.events).players[id]!.cards[r]!;

describe('lane play: predicates', () => {
  it('MG-SCORE-2: the stroke cap is max - 1 and the cap is reached only at rest', () => {
    expect(strokeCap(DEFAULTS)).toBe(6);
    expect(strokeCap({ ...DEFAULTS, max: 5 })).toBe(4);
    const p = { ...newPlay(0, 1), strokes: 6, ball: 'rest' as const };
    expect(isCapReached(p, DEFAULTS)).toBe(true);
    expect(isCapReached({ ...p, ball: 'moving' }, DEFAULTS)).toBe(false);
    expect(isCapReached({ ...p, strokes: 5 }, DEFAULTS)).toBe(false);
    expect(mayStrike(p, DEFAULTS)).toBe(false);
    expect(mayStrike({ ...p, strokes: 5 }, DEFAULTS)).toBe(true);
  });
  it('MG-SCORE-1: a holed ball scores its strokes', () => {
    expect(holedScore(3, DEFAULTS)).toBe(3);
  });
  it('MG-PEN-8: giving up is penalised unless the last allowed stroke was played (e)', () => {
    expect(isGiveUpPenalised(4, DEFAULTS)).toBe(true);
    expect(isGiveUpPenalised(6, DEFAULTS)).toBe(false);
  });
});

describe('lane play: strokes and holes', () => {
  it('MG-EX-1: normal lane: three strokes then HOLE scores 3; the next player is to play', () => {
    const l = one().strike('ana').rest().strike('ana').rest().strike('ana').hole(1);
    const s = run(l.events);
    expect(s.game.players.ana!.cards[0]!.lanes[0]).toBe(3);
    expect(s.game.players.ana!.cards[0]!.how[0]).toBe('holed');
  });
  it('MG-SCORE-1 / MG-HOLE-1: one point per stroke; the HOLE event finishes the lane', () => {
    const l = one().lane('ana', 1, 2);
    expect(card(l).lanes[0]).toBe(2);
    expect(game(l.events).players.ana!.play).toBeNull();
  });
  it('MG-STROKE-13 / MG-HOLE-1: a ball holed before any stroke was seen asks whether the stroke was missed (a hole in one), default yes', () => {
    const l = one().hole(1);
    const s = run(l.events);
    expect(codes(s)).toEqual([]);
    const q = s.open.map((o) => o.decision).find((d) => d.kind === 'minigolf.hole_without_stroke')!;
    expect(q).toMatchObject({ default: 'stroke', basis: 'from-start' });
    l.decide(q.id, 'stroke');
    expect(card(l).lanes[0]).toBe(1);
    expect(card(l).how[0]).toBe('holed');
  });
  it("MG-HOLE-1: the next player's ball holed from the start after the first holed out is his hole in one; within 3 s it is the first ball again", () => {
    const late = one().lane('ana', 1, 2).wait(8000).hole(1);
    const q = run(late.events).open.map((o) => o.decision)[0]!;
    expect(q.question).toContain('ben');
    late.decide(q.id, 'stroke');
    expect(card(late, 'ben').lanes[0]).toBe(1);
    const soon = one().lane('ana', 1, 2).hole(1);
    expect(run(soon.events).open).toEqual([]);
  });
  it('MG-HOLE-1 (MG-Q2): a second HOLE for a holed ball is refused and the score stays', () => {
    const l = one().lane('ana', 1, 2).hole(1);
    const s = run(l.events);
    expect(codes(s)).toContain('already_holed');
    expect(s.game.players.ana!.cards[0]!.lanes[0]).toBe(2);
  });
  it('MG-EX-2: seven-stroke cap: six strokes at rest without HOLE score 7 and a 7th stroke is refused', () => {
    const l = one();
    for (let i = 0; i < 6; i++) l.strike('ana').rest();
    l.strike('ana');
    const s = run(l.events);
    expect(s.game.players.ana!.cards[0]!.lanes[0]).toBe(7);
    expect(s.game.players.ana!.cards[0]!.how[0]).toBe('cap');
    expect(codes(s)).toContain('lane_finished');
  });
  it('MG-SCORE-2: the maximum is configurable (max 5: four strokes then 5)', () => {
    const l = new Log().start(['ana'], { max: 5 });
    for (let i = 0; i < 4; i++) l.strike('ana').rest();
    expect(card(l).lanes[0]).toBe(5);
  });
  it('MG-EX-3: giving up after S4 scores 7 plus B+2; a second give-up escalates to D+5', () => {
    const l = one();
    for (let i = 0; i < 4; i++) l.strike('ana').rest();
    l.ref('give_up', { player: 'ana' });
    let g = game(l.events);
    expect(g.players.ana!.cards[0]!.lanes[0]).toBe(7);
    expect(g.players.ana!.penalties.map((p) => [p.level, p.points, p.clause])).toEqual([['B+2', 2, '18.6e']]);
    l.lane('ben', 1, 3).strike('ana').rest().ref('give_up', { player: 'ana' });
    g = game(l.events);
    expect(g.players.ana!.penalties.map((p) => p.level)).toEqual(['B+2', 'D+5']);
    expect(g.players.ana!.status).toBe('disqualified');
  });
  it('MG-SCORE-3: giving up after six strokes scores 7 with no penalty (MG-EX-3 b: the cap already ended the lane)', () => {
    const l = one();
    for (let i = 0; i < 6; i++) l.strike('ana').rest();
    l.ref('give_up', { player: 'ana' });
    const g = game(l.events);
    expect(g.players.ana!.cards[0]!.lanes[0]).toBe(7);
    expect(g.players.ana!.cards[0]!.how[0]).toBe('cap');
    expect(g.players.ana!.penalties).toEqual([]);
  });
  it('MG-SCORE-3 / MG-PEN-8 (seed 003 §9.1, §18.6 e "istisna: 6 vuruş yapılmışsa"): a give-up after the cap, with or without its lane, changes nothing: not the next lane, no B+2', () => {
    for (const place of [undefined, '1']) {
      // Both have finished lane 1 (Ana at the cap): the group is on lane 2, which Ana has not started.
      const l = one().lane('ana', 1, 7).lane('ben', 1, 3);
      l.ref('give_up', { player: 'ana', ...(place !== undefined ? { place } : {}) });
      const s = run(l.events);
      expect(codes(s)).toEqual(['lane_finished']);
      expect(s.game.players.ana!.cards[0]!.lanes.slice(0, 2)).toEqual([7, null]);
      expect(s.game.players.ana!.cards[0]!.how[0]).toBe('cap');
      expect(s.game.players.ana!.penalties).toEqual([]);
    }
    // Lane 2, named, before a stroke there: given up, 7 and B+2 (after 0 strokes).
    const l = one().lane('ana', 1, 7).lane('ben', 1, 3).ref('give_up', { player: 'ana', place: '2' });
    const g = game(l.events);
    expect(g.players.ana!.cards[0]!.lanes.slice(0, 2)).toEqual([7, 7]);
    expect(g.players.ana!.penalties.map((p) => p.level)).toEqual(['B+2']);
    // A lane that is not his to give up is refused with its reason.
    expect(codes(run(one().strike('ana').rest().ref('give_up', { player: 'ana', place: '3' }).events))).toEqual(['wrong_lane']);
  });
  it('MG-STROKE-4 / MG-EX-8 (a): an accidental touch before being ready is not a stroke', () => {
    const l = one().strike('ana').rest().strike('ana').rest().ref('touch', { player: 'ana', value: 'accidental' });
    expect(game(l.events).players.ana!.play!.strokes).toBe(1);
  });
  it('MG-STROKE-4 / MG-EX-8 (b): a touch once the backswing started is a stroke, played as it lies', () => {
    const l = one().strike('ana').rest().ref('touch', { player: 'ana', value: 'stroke' }).strike('ana').hole(1);
    expect(card(l).lanes[0]).toBe(3);
  });
  it('MG-STROKE-12 (MG-Q4: the disturbed stroke is cancelled): replay does not count the disturbed stroke', () => {
    const l = one().strike('ana').rest().strike('ana').hole(1).ref('replay_stroke', { player: 'ana' }).strike('ana').hole(1);
    expect(card(l).lanes[0]).toBe(2);
  });
  it('MG-STROKE-13: a ball at rest moved by wind is put back with no stroke counted', () => {
    const l = one().strike('ana').rest().ref('wind_moved', { player: 'ana' });
    const g = game(l.events);
    expect(g.players.ana!.play!.strokes).toBe(1);
    expect(g.players.ana!.play!.ball).toBe('rest');
  });
  it('MG-EX-7: wind pushes a ball at rest into the hole: the HOLE is void, no stroke, next stroke is S2', () => {
    const l = new Log().start(['ana'], { lanes: 18 }).strike('ana').rest().hole(1);
    let s = run(l.events);
    expect(s.open.map((o) => o.decision.kind)).toEqual(['minigolf.hole_without_stroke']);
    l.decide(s.open[0]!.decision.id, 'void').strike('ana').hole(1);
    s = run(l.events);
    expect(s.game.players.ana!.cards[0]!.lanes[0]).toBe(2);
  });
  it('MG-STROKE-14: a HOLE on a lane nobody is playing is flagged (practice stroke)', () => {
    const s = run(one().hole(9).events);
    expect(codes(s)).toContain('hole_outside_play');
  });
  it('MG-STROKE-1: a ball moved by a stroke only: a stroke while the ball moves is refused', () => {
    const s = run(one().strike('ana').strike('ana').events);
    expect(codes(s)).toContain('ball_moving');
    expect(s.game.players.ana!.play!.strokes).toBe(1);
  });
});

describe("strokes tapped by hand and the hole sensor's tag", () => {
  const tap = (l: Log, player: string, who: string, extra: Record<string, unknown> = {}) => l.ref('stroke', { player, by: 'player', who, ...extra });
  it('MG-SCORE-1: a tapped stroke counts like a sensed one; the next tap means the ball had stopped; the hole sensor ends the lane', () => {
    const l = tap(one(), 'ana', 'ben');
    expect(game(l.events).players.ana!.play).toMatchObject({ strokes: 1, ball: 'moving' });
    tap(l, 'ana', 'ben').hole(1);
    const s = run(l.events);
    expect(codes(s)).toEqual([]);
    expect(s.game.players.ana!.cards[0]!.lanes[0]).toBe(2);
    expect(s.game.players.ana!.cards[0]!.entries[0]).toMatchObject({ how: 'holed', marker: 'ben' });
  });
  it("MG-CARD-3: a player taps only the strokes of the player he keeps: his own and a third player's are refused", () => {
    const three = () => new Log().start(['ana', 'ben', 'cem']);
    // In a group of three the last keeps the first: cem keeps ana.
    const l = tap(tap(tap(three(), 'ana', 'ana'), 'ana', 'ben'), 'ana', 'cem');
    const s = run(l.events);
    expect(codes(s)).toEqual(['self_scoring', 'not_the_marker']);
    expect(s.game.players.ana!.play!.strokes).toBe(1);
    expect(codes(run(three().strike('ana', { by: 'player', who: 'ben' }).events))).toEqual(['not_the_marker']);
  });
  it('MG-SCORE-2: taps stop at the cap: the tap after the sixth scores the lane 7 and is refused itself', () => {
    const l = one();
    for (let i = 0; i < 7; i++) tap(l, 'ana', 'ben');
    const s = run(l.events);
    expect(s.game.players.ana!.cards[0]!.lanes[0]).toBe(7);
    expect(s.game.players.ana!.cards[0]!.how[0]).toBe('cap');
    expect(codes(s)).toEqual(['cap_reached']);
  });
  it('MG-SCORE-1: undo takes back one tap, not every tap since the last rest', () => {
    const l = tap(tap(tap(one(), 'ana', 'ben'), 'ana', 'ben'), 'ana', 'ben').add({ type: 'undo', by: 'referee' });
    expect(replay(minigolf, l.events).game.game.players.ana!.play!.strokes).toBe(2);
  });
  it("MG-HOLE-1: the hole sensor's tag names the ball (or the player): with two balls rolling on the lane it decides, without it the hole is refused", () => {
    // ben strikes too early (MG-ORDER-2) while ana's ball still rolls: two balls on lane 1.
    const two = () => one().strike('ana', { ball: 'a1' }).strike('ben', { ball: 'b1' });
    expect(codes(run(two().hole(1).events))).toEqual(['ambiguous_hole']);
    const byBall = run(two().hole(1, { ball: 'a1' }).events);
    expect(byBall.game.players.ana!.cards[0]!.lanes[0]).toBe(1);
    expect(byBall.game.players.ben!.play).toMatchObject({ strokes: 1, ball: 'moving' });
    const byPlayer = run(two().hole(1, { player: 'ben' }).events);
    // ben's early stroke counts, its hole does not: he plays the lane again from the start (MG-ORDER-2).
    expect(byPlayer.game.players.ben!.play).toMatchObject({ strokes: 1, ball: 'start' });
    expect(byPlayer.game.players.ana!.play).toMatchObject({ strokes: 1, ball: 'moving' });
  });
});

describe('placement', () => {
  it('MG-EX-4 / MG-PLACE-1: boundary line not crossed: back to the start area and S1 counts', () => {
    const l = one().strike('ana').rest().ref('boundary_not_crossed', { player: 'ana' });
    let g = game(l.events);
    expect(g.players.ana!.play!.fromStart).toBe(true);
    l.ref('place', { player: 'ana', value: 'near_border', data: { cm: 10 } });
    expect(codes(run(l.events))).toContain('must_play_from_start');
    l.ref('place', { player: 'ana', value: 'start' }).strike('ana').rest().strike('ana').rest().strike('ana').hole(1);
    g = game(l.events);
    expect(g.players.ana!.cards[0]!.lanes[0]).toBe(4);
  });
  it('MG-COURSE-7: on a lane without boundary line every stroke is from the start area', () => {
    const l = new Log()
      .start(['ana'], { lane: { 1: { startOnly: true } } })
      .strike('ana')
      .rest();
    expect(game(l.events).players.ana!.play!.fromStart).toBe(true);
    l.ref('boundary_not_crossed', { player: 'ana' }).ref('place', { player: 'ana', value: 'near_border', data: { cm: 5 } });
    expect(codes(run(l.events))).toEqual(['no_boundary_line', 'start_only_lane']);
  });
  it('MG-COURSE-5: the first stroke of every lane is from the start area', () => {
    const s = run(one().ref('place', { player: 'ana', value: 'near_obstacle_passed', data: { cm: 5 } }).events);
    expect(codes(s)).toEqual(['must_play_from_start']);
  });
  it('MG-EX-5 / MG-PLACE-2: ball leaves the lane after the line: placed where it left, no penalty stroke', () => {
    const l = one().strike('ana').add({ type: 'off_table', by: 'sensor' }).rest().ref('place', { player: 'ana', value: 'left_lane' }).strike('ana').hole(1);
    const s = run(l.events);
    expect(s.rejected).toEqual([]);
    expect(s.game.players.ana!.cards[0]!.lanes[0]).toBe(2);
  });
  it('MG-PLACE-3 / MG-COURSE-6: an obstacle passed incorrectly is about the 2nd or a later obstacle of the lane', () => {
    const base = () =>
      new Log()
        .start(['ana'], { lane: { 1: { obstacles: 3 } } })
        .strike('ana')
        .rest();
    expect(codes(run(base().ref('place', { player: 'ana', value: 'obstacle_incorrect', data: { obstacle: 2 } }).events))).toEqual([]);
    expect(codes(run(base().ref('place', { player: 'ana', value: 'obstacle_incorrect', data: { obstacle: 1 } }).events))).toEqual(['not_a_later_obstacle']);
    expect(codes(run(base().ref('place', { player: 'ana', value: 'obstacle_incorrect', data: { obstacle: 4 } }).events))).toEqual(['not_a_later_obstacle']);
  });
  it('MG-PLACE-4: near a passed obstacle: up to 30 cm (50 cm on felt)', () => {
    expect(placementLimit('near_obstacle_passed', 'miniature', DEFAULTS)).toBe(30);
    expect(placementLimit('near_obstacle_passed', 'concrete', DEFAULTS)).toBe(30);
    expect(placementLimit('near_obstacle_passed', 'felt', DEFAULTS)).toBe(50);
    const l = one()
      .strike('ana')
      .rest()
      .ref('place', { player: 'ana', value: 'near_obstacle_passed', data: { cm: 35 } });
    expect(codes(run(l.events))).toEqual(['placement_too_far']);
  });
  it('MG-PLACE-5 (MG-Q5: concrete distance from configuration): not yet passed: 20 / 30 / 50 cm', () => {
    expect(placementLimit('near_obstacle_not_passed', 'miniature', DEFAULTS)).toBe(20);
    expect(placementLimit('near_obstacle_not_passed', 'mos', DEFAULTS)).toBe(30);
    expect(placementLimit('near_obstacle_not_passed', 'felt', DEFAULTS)).toBe(50);
    expect(placementLimit('near_obstacle_not_passed', 'concrete', DEFAULTS)).toBeNull();
    expect(placementLimit('near_obstacle_not_passed', 'concrete', { ...DEFAULTS, concreteNotPassedCm: 25 })).toBe(25);
  });
  it('MG-PLACE-6: near the border: 20 cm', () => {
    const l = one()
      .strike('ana')
      .rest()
      .ref('place', { player: 'ana', value: 'near_border', data: { cm: 21 } });
    expect(codes(run(l.events))).toEqual(['placement_too_far']);
    expect(placementLimit('near_border', 'felt', DEFAULTS)).toBe(20);
  });
  it('MG-COURSE-9: measured distances include the marks, so exactly the limit is allowed', () => {
    const l = one()
      .strike('ana')
      .rest()
      .ref('place', { player: 'ana', value: 'near_border', data: { cm: 20 } });
    expect(codes(run(l.events))).toEqual([]);
  });
  it('MG-PLACE-7: near both border and obstacle: the rectangle from the drawing, no distance check', () => {
    const l = one()
      .strike('ana')
      .rest()
      .ref('place', { player: 'ana', value: 'border_and_obstacle', data: { cm: 45 } });
    const s = run(l.events);
    expect(codes(s)).toEqual([]);
    expect(s.game.players.ana!.play!.placed).toBe(true);
  });
  it('MG-PLACE-8 (MG-Q6: played from the line on referee instruction): stopped after the line: placement accepted', () => {
    const l = one().strike('ana').rest().ref('place', { player: 'ana', value: 'after_boundary' });
    expect(game(l.events).players.ana!.play!.placed).toBe(true);
  });
  it('MG-PLACE-9: on a replacement mark the contact point must touch the mark', () => {
    const p = { ...newPlay(0, 1), strokes: 1, ball: 'rest' as const, fromStart: false };
    const lc = { startOnly: false, obstacles: 1, marks: true };
    expect(placementProblem(p, lc, { kind: 'mark', cm: null, obstacle: null, touching: false }, DEFAULTS)).toBe('not_on_mark');
    expect(placementProblem(p, lc, { kind: 'mark', cm: null, obstacle: null, touching: true }, DEFAULTS)).toBeNull();
  });
  it('MG-COURSE-10: replacement marks are optional on MOS: no marks, no mark placement', () => {
    const l = new Log()
      .start(['ana'], { system: 'mos' })
      .strike('ana')
      .rest()
      .ref('place', { player: 'ana', value: 'mark', data: { touching: true } });
    expect(codes(run(l.events))).toEqual(['no_marks']);
  });
  it('MG-PLACE-10 / MG-STROKE-15: a second adjustment is refused and the player warned', () => {
    const l = one()
      .strike('ana')
      .rest()
      .ref('place', { player: 'ana', value: 'near_border', data: { cm: 5 } })
      .ref('place', { player: 'ana', value: 'near_border', data: { cm: 8 } });
    const s = run(l.events);
    expect(codes(s)).toEqual(['second_adjustment']);
    expect(s.game.players.ana!.warnings.map((w) => w.rule)).toEqual(['MG-STROKE-15']);
  });
  it('MG-EX-6 / MG-PLACE-11 (MG-Q7: wrong strokes count toward the cap): wrong placement: S3 counts and is replayed as S4', () => {
    const l = one().strike('ana').rest().strike('ana').rest().strike('ana').rest().ref('wrong_placement', { player: 'ana' }).strike('ana').hole(1);
    expect(card(l).lanes[0]).toBe(4);
  });
  it('MG-PLACE-11: a wrongly played stroke that holed the ball is void, counted, and replayed', () => {
    const l = one().strike('ana').rest().strike('ana').hole(1).ref('wrong_start', { player: 'ana' });
    let g = game(l.events);
    expect(g.players.ana!.cards[0]!.lanes[0]).toBeNull();
    expect(g.players.ana!.play).toMatchObject({ strokes: 2, fromStart: true });
    l.strike('ana').hole(1);
    g = game(l.events);
    expect(g.players.ana!.cards[0]!.lanes[0]).toBe(3);
  });
  it('MG-PLACE-11 (MG-Q7): a wrong 6th stroke reaches the cap: 7', () => {
    const l = one();
    for (let i = 0; i < 5; i++) l.strike('ana').rest();
    l.strike('ana').hole(1).ref('placed_twice', { player: 'ana' });
    expect(card(l).lanes[0]).toBe(7);
  });
});

describe('balls', () => {
  it('MG-BALL-1: changing ball during a lane without authorisation draws B+2 (MG-PEN-8 d)', () => {
    const l = one().strike('ana').rest().ref('ball_change', { player: 'ana', value: 'preference', ball: 'b2' });
    expect(game(l.events).players.ana!.penalties.map((p) => [p.level, p.clause])).toEqual([['B+2', '18.6d']]);
  });
  it('MG-BALL-2: a lost ball is replaced only after 5 minutes; a damaged ball on a referee ruling', () => {
    const l = one().strike('ana').rest().ref('ball_lost', { player: 'ana' }).ref('ball_change', { player: 'ana', value: 'lost', ball: 'b2' });
    expect(codes(run(l.events))).toEqual(['search_not_over']);
    l.wait(300_000).ref('ball_change', { player: 'ana', value: 'lost', ball: 'b2' });
    const s = run(l.events);
    expect(s.game.players.ana!.penalties).toEqual([]);
    expect(s.game.players.ana!.play!.ballId).toBe('b2');
    const d = one().strike('ana').rest().ref('ball_change', { player: 'ana', value: 'damaged', ball: 'b3', by: 'scorer' });
    expect(codes(run(d.events))).toEqual(['referee_ruling_required']);
  });
});
