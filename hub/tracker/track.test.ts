import { describe, expect, it } from 'vitest';
import { placedShot, saidOf } from './testkit';
import { trackShot } from './track';
import { motionOf } from './motion';
import { CAROM, caromBreak } from '../../sim/physics/tables';

const m = motionOf(CAROM);

/** The break shots of the check: 40 directions round the cue ball, soft and firm. */
function breakShots(sd: number) {
  const out = [];
  for (let i = 0; i < 40; i++)
    for (const speed of [1.5, 3]) out.push(placedShot(caromBreak(), { ball: 'W', angle: (i * 2 * Math.PI) / 40 + 0.05, speed }, sd, i + 1));
  return out;
}

describe('shot tracker (issue #26)', () => {
  it('C3-POINT-1: from the break, placed within 2 cm, the first reading names every cushion and contact as they happened', () => {
    const shots = breakShots(0.02);
    const right = shots.filter((s) => {
      const r = trackShot({ motion: m, cue: 'W', balls: s.before, events: s.placed });
      return saidOf(r.readings[0]!.events, s.said).join(' ') === s.said.join(' ');
    });
    // 79 of 80 on this set today (bench/automation.ts measures the whole chain); a regression shows here.
    expect(right.length).toBeGreaterThanOrEqual(76);
  });

  it('a knock no ball can have made (a glass on the rail) is left unexplained, the reading unchanged', () => {
    const s = placedShot(caromBreak(), { ball: 'W', angle: 0.05, speed: 3 }, 0.02, 3);
    const clean = trackShot({ motion: m, cue: 'W', balls: s.before, events: s.placed });
    // Far from every path, between two real events.
    const t = (s.placed[0]!.t + s.placed[1]!.t) / 2;
    const noisy = [...s.placed, { kind: 'knock' as const, t, rail: 's' as const, along: 2.6, x: 2.6, y: 0, sd: 0.03, sensors: [] }].sort((a, b) => a.t - b.t);
    const r = trackShot({ motion: m, cue: 'W', balls: s.before, events: noisy });
    expect(r.readings[0]!.events.map((e) => e.type + ('ball' in e ? e.ball : e.a + e.b))).toEqual(
      clean.readings[0]!.events.map((e) => e.type + ('ball' in e ? e.ball : e.a + e.b)),
    );
    expect(r.evidence.unexplained).toBe(clean.evidence.unexplained + 1);
  });

  it('where the balls came to rest: within three of its own sigmas (and 5 cm) of the truth, for nearly every ball', () => {
    let inside = 0;
    let all = 0;
    for (const s of breakShots(0.02)) {
      const r = trackShot({ motion: m, cue: 'W', balls: s.before, events: s.placed });
      for (const [id, at] of Object.entries(s.rest)) {
        const got = r.rest[id]!;
        all++;
        if (Math.hypot(got.x - at.x, got.y - at.y) < 3 * got.sd + 0.05) inside++;
      }
    }
    // 239 of 240 today: a rest the tracker is sure of and wrong would mislead the next shot's reading.
    expect(inside / all).toBeGreaterThan(0.97);
  });

  it('a shot with nothing placed leaves every ball where it stood', () => {
    const s = placedShot(caromBreak(), { ball: 'W', angle: 0.05, speed: 3 }, 0.02, 3);
    const r = trackShot({ motion: m, cue: 'W', balls: s.before, events: [] });
    expect(r.readings).toEqual([{ probability: 1, events: [] }]);
    for (const [id, at] of s.before) expect([r.rest[id]!.x, r.rest[id]!.y]).toEqual([Math.round(at.x * 1e4) / 1e4, Math.round(at.y * 1e4) / 1e4]);
  });

  it('probabilities of the readings add up to one, most probable first', () => {
    const s = placedShot(caromBreak(), { ball: 'W', angle: 1.1, speed: 2 }, 0.05, 9);
    const r = trackShot({ motion: m, cue: 'W', balls: s.before, events: s.placed });
    const ps = r.readings.map((x) => x.probability);
    expect(ps.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 2);
    expect([...ps].sort((a, b) => b - a)).toEqual(ps);
  });
});
