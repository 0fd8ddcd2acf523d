import { describe, expect, it } from 'vitest';
import { toArray } from '../common/plist';
import { escalate, SANCTION, POINTS } from './penalties';
import { report } from './report';
import type { Penalty } from './state';
import { Log, codes, game, run } from './testkit';

const pen = (level: Penalty['level']): Penalty => ({
  level,
  requested: null,
  points: POINTS[level],
  clause: null,
  rule: null,
  reason: '',
  round: 0,
  seq: 0,
  who: undefined,
});
const levels = (l: Log, id = 'ana') => game(l.events).players[id]!.penalties.map((p) => p.level);
const base = () => new Log().start(['ana', 'ben']);

describe('penalties', () => {
  it('MG-PEN-1: the sanctions are warning, recording and disqualification', () => {
    expect(SANCTION).toEqual({ A: 'warning', 'A+1': 'warning', 'B+2': 'recording', 'D+5': 'disqualification' });
    const r = report(run(base().ref('penalty', { player: 'ana', value: 'B+2', why: 'marks on lane' }).events));
    expect(r.players[0]!.penalties[0]!.sanction).toBe('recording');
  });
  it('MG-PEN-2: A, A+1, B+2, D+5 carry 0, 1, 2, 5 points and each is given once: a repeat escalates', () => {
    expect(POINTS).toEqual({ A: 0, 'A+1': 1, 'B+2': 2, 'D+5': 5 });
    const l = base().ref('penalty', { player: 'ana', value: 'A' }).ref('penalty', { player: 'ana', value: 'A' });
    const g = game(l.events);
    expect(g.players.ana!.penalties.map((p) => [p.level, p.requested])).toEqual([
      ['A', null],
      ['A+1', 'A'],
    ]);
  });
  it('MG-PEN-3: the penalty and its reason appear on the scorecard and are announced', () => {
    const s = run(base().ref('penalty', { player: 'ana', value: 'A+1', why: 'aiming aid' }).events);
    expect(s.game.announcements).toContain('Penalty A+1 for ana: aiming aid');
    expect(report(s).players[0]!.rounds[0]!.penaltyPoints).toBe(1);
  });
  it('MG-PEN-4: verbal warnings come before penalties and do not escalate them', () => {
    const l = base()
      .ref('warn', { player: 'ana', value: 'MG-STROKE-5' })
      .ref('warn', { player: 'ana' })
      .ref('violation', { player: 'ana', value: 'MG-STROKE-5' });
    const g = game(l.events);
    expect(g.players.ana!.warnings.length).toBe(2);
    expect(g.players.ana!.penalties.map((p) => p.level)).toEqual(['A']);
  });
  it('MG-PEN-5: coaches get the same penalties and their points go to the team score', () => {
    const l = new Log()
      .start([{ id: 'ana', name: 'Ana', side: 'T' }], { coaches: [{ id: 'coach', name: 'Coach', team: 'T' }] })
      .ref('penalty', { player: 'coach', value: 'A' })
      .ref('penalty', { player: 'coach', value: 'A' });
    const r = report(run(l.events));
    expect(r.coaches[0]!.penalties.map((p) => p.level)).toEqual(['A', 'A+1']);
    expect(r.teams[0]!.penaltyPoints).toBe(1);
    expect(r.players[0]!.total).toBe(0);
  });
  it('MG-PEN-6: A for other violations, negligence stated; a later violation is stricter', () => {
    const l = base()
      .ref('violation', { player: 'ana', value: 'MG-STROKE-7', data: { negligent: true } })
      .ref('violation', { player: 'ana', value: 'MG-STROKE-7' });
    const g = game(l.events);
    expect(g.players.ana!.penalties[0]!.reason).toContain('(negligent)');
    expect(g.players.ana!.penalties.map((p) => p.level)).toEqual(['A', 'A+1']);
  });
  it('MG-PEN-7: A+1 after an A (a), for intentional or grossly negligent violations (b)', () => {
    expect(escalate([pen('A')], 'A', null)).toBe('A+1');
    expect(levels(base().ref('violation', { player: 'ana', value: 'MG-STROKE-6', data: { intentional: true } }))).toEqual(['A+1']);
    expect(levels(base().ref('violation', { player: 'ana', value: 'MG-STROKE-6', data: { grossNegligence: true } }))).toEqual(['A+1']);
  });
  it('MG-PEN-8: B+2 mandatory after A+1 (a) and for an intentional violation with advantage (b)', () => {
    expect(escalate([pen('A+1')], 'A', null)).toBe('B+2');
    expect(escalate([pen('A')], 'A', null)).toBe('A+1');
    expect(levels(base().ref('violation', { player: 'ana', value: 'MG-STROKE-2', data: { intentional: true, advantage: true } }))).toEqual(['B+2']);
    expect(levels(base().ref('violation', { player: 'ana', value: 'MG-CARD-5' }))).toEqual(['B+2']);
  });
  it('MG-PEN-9: D+5 mandatory after B+2 (a); playing despite a ban (b) disqualifies', () => {
    expect(escalate([pen('B+2')], 'A', null)).toBe('D+5');
    expect(escalate([pen('D+5')], 'A', null)).toBeNull();
    const s = run(new Log().start(['ana', 'ben'], { banned: ['ana'] }).strike('ana').events);
    expect(s.game.players.ana!.penalties.map((p) => [p.level, p.clause])).toEqual([['D+5', '18.7b']]);
    expect(codes(s)).toEqual(['banned']);
    expect(levels(base().ref('penalty', { player: 'ana', value: 'A', data: { clause: '18.7f' } }))).toEqual(['D+5']);
  });
  it('MG-PEN-10: a disqualified player plays no more and is out of the individual ranking', () => {
    const l = base()
      .ref('penalty', { player: 'ana', value: 'D+5', data: { clause: '18.7g' } })
      .strike('ana')
      .lane('ben', 1, 2);
    const s = run(l.events);
    expect(codes(s)).toEqual(['disqualified']);
    expect(s.game.players.ana!.status).toBe('disqualified');
    expect(report(s).ranking[0]!.disqualified).toEqual(['ana']);
    expect(report(s).ranking[0]!.lines.map((x) => x.player)).toEqual(['ben']);
  });
  it('MG-PEN-11: bans: 4 weeks normally, 8 weeks for insults, 3 months for false scores, 6 months for alcohol', () => {
    const ban = (clause: string) => game(base().ref('penalty', { player: 'ana', value: 'D+5', data: { clause } }).events).players.ana!.ban;
    expect(ban('18.7f')).toMatchObject({ weeks: 4, text: '4 weeks', clause: '18.7f' });
    expect(ban('18.7e')!.weeks).toBe(8);
    expect(ban('18.7c')!.text).toBe('3 months');
    expect(ban('18.7h')!.text).toBe('6 months');
  });
  it('MG-PEN-11 (MG-Q13: 18.9 (e) and (f) are administrative entries): the referee enters the ban text', () => {
    const g = game(base().ref('penalty', { player: 'ana', value: 'D+5', data: { clause: '18.7f', ban: '1 year' } }).events);
    expect(g.players.ana!.ban).toMatchObject({ weeks: 52, text: '1 year', clause: '18.7f' });
  });
  it('MG-PEN-12: a ban is announced with who must be told: the club and the active member, at an international championship also the WMF sports director', () => {
    const g = game(base().ref('penalty', { player: 'ana', value: 'D+5', why: 'violence', data: { clause: '18.7f' } }).events);
    expect(toArray(g.announcements).slice(-2)).toEqual([
      'Penalty D+5 for ana (§18.7f): violence',
      "Ban for ana: 4 weeks from the day after the tournament; to be notified: the player's club, the active member",
    ]);
    const intl = game(
      new Log()
        .start(['ana'], { international: true, info: { ana: { club: 'MGC Izmir' } } })
        .ref('penalty', { player: 'ana', value: 'D+5', data: { clause: '18.7e' } }).events,
    );
    expect(intl.players.ana!.ban).toEqual({
      weeks: 8,
      text: '8 weeks',
      clause: '18.7e',
      notify: ['club MGC Izmir', 'the active member', 'the WMF sports director'],
    });
  });
  it('MG-PEN-2: an unknown clause or level is refused', () => {
    const s = run(
      base()
        .ref('penalty', { player: 'ana', value: 'C' })
        .ref('penalty', { player: 'ana', value: 'A', data: { clause: '19.1' } }).events,
    );
    expect(codes(s)).toEqual(['bad_level', 'bad_clause']);
  });
});

describe('conduct rules reported by the referee', () => {
  const first = (rule: string) => game(base().ref('violation', { player: 'ana', value: rule }).events).players.ana!.penalties[0]!;
  it('MG-COURSE-14: marking or changing a lane draws B+2 (18.6 g)', () => {
    expect([first('MG-COURSE-14').level, first('MG-COURSE-14').clause]).toEqual(['B+2', '18.6g']);
  });
  it('MG-STROKE-11: influencing the ball after the stroke draws B+2 (18.6 f)', () => {
    expect(first('MG-STROKE-11').level).toBe('B+2');
  });
  it('MG-STROKE-2: placing the ball wrongly for a stroke is a violation (A first)', () => {
    expect(first('MG-STROKE-2').level).toBe('A');
  });
  it('MG-STROKE-3: striking one-handed is a violation (A first)', () => {
    expect(first('MG-STROKE-3').rule).toBe('MG-STROKE-3');
  });
  it('MG-STROKE-5: not keeping away from the player is a violation (A first)', () => {
    expect(first('MG-STROKE-5').level).toBe('A');
  });
  it('MG-STROKE-6: entering the lane while the ball moves is a violation (A first)', () => {
    expect(first('MG-STROKE-6').level).toBe('A');
  });
  it('MG-STROKE-7: aiming aids are a violation (A first, escalating)', () => {
    const g = game(
      base()
        .ref('violation', { player: 'ana', value: 'MG-STROKE-7' })
        .ref('violation', { player: 'ana', value: 'MG-STROKE-7' })
        .ref('violation', { player: 'ana', value: 'MG-STROKE-7' }).events,
    );
    expect(g.players.ana!.penalties.map((p) => p.level)).toEqual(['A', 'A+1', 'B+2']);
  });
  it('MG-STROKE-8: an obstacle not passed as specified is a violation (A first)', () => {
    expect(first('MG-STROKE-8').level).toBe('A');
  });
  it('MG-STROKE-9: heating a ball after the boundary line is a violation (A first)', () => {
    expect(first('MG-STROKE-9').level).toBe('A');
  });
  it('MG-STROKE-10: leaving the lane dirty is a violation (A first)', () => {
    expect(first('MG-STROKE-10').level).toBe('A');
  });
  it('MG-STROKE-14: a practice stroke during play is a violation (A first)', () => {
    expect(first('MG-STROKE-14').level).toBe('A');
  });
});
