/**
 * Stroke resolution at AT_REST (digest §1.1 order): fouls, goals, off-table balls, foul effects,
 * set end (first drop), turn, zone play, clock.
 */
import type { PendingDecision } from '../../../shared/game/engine';
import type { Ctx } from './balls';
import { Asker, pickBall, setBall } from './balls';
import { ballOwner, classifyGoal, foulEffects, isLipDropValid, isOneOne, isPoint, left, other, targetGoal, ownGoal, zoneObligationMet } from './predicates';
import type { LiveCore, Foul, Side, Stroke, StrokeRecord } from './state';
import { SideSet, type Work, home, respotLabel, respotPlayed } from './placement';
import { question } from './questions';
import { assumedNote, identifyGoal, identifyOff } from './identify';
import { finish } from './finish';

const q = question;

// Module functions, not closures made in resolveStroke: a closure is made (and, under tsx, named)
// on every stroke of a replay.
function striker(st: Stroke, owner: Side): Side {
  return st.opening ? owner : st.side;
}

/** Self-scoring: a foul no sensor sees is the opponents' to claim (docs/claims.md), not a question. */
function claimable(ctx: Ctx, st: Stroke, d: PendingDecision, foul: string): PendingDecision {
  return ctx.cfg.mode === 'self' && st.player !== null ? { ...d, claim: { against: st.player, foul } } : d;
}

/** The core after the stroke: a new object, nobody else's, which the caller may complete in place. */
export function resolveStroke(ctx: Ctx, core: LiveCore, st: Stroke): LiveCore {
  const { cfg, sides } = ctx;
  const asker = new Asker(ctx.answers);
  const who: 'referee' | 'players' = cfg.mode === 'self' ? 'players' : 'referee';
  const w: Work = {
    balls: st.before,
    rec: {
      id: st.id,
      set: core.set.number,
      side: st.side,
      player: st.player,
      played: st.played,
      opening: st.opening,
      zonePlay: st.zone,
      goals: [],
      offTable: [],
      fouls: [],
      respots: [],
      restore: false,
      keepsTurn: false,
      next: null,
      setEnd: null,
    },
    lot: new SideSet(),
    ownValid: new SideSet(),
    opponentIn: false,
    homeAt: {},
    respot: [],
    playedRespotted: new SideSet(),
    designate: new SideSet(),
  };
  // Fouls: sensor and referee calls, player claims (self-scoring), questions the sensors cannot answer.
  const fouls: Foul[] = [...st.fouls];
  for (const c of st.claims) {
    const a = asker.ask(
      q(
        `${st.id}:claim-${c.seq}`,
        'golf-billiards.foul',
        `A player reports ${c.rule} (${c.name}) on stroke ${st.id}. Does it stand?`,
        [
          ['accept', 'Yes, the foul stands'],
          ['reject', 'No foul'],
        ],
        'accept',
        'players',
        [`call "${c.name}" entered by a player at seq ${c.seq}`],
        c.seq,
      ),
    );
    if ((a ?? 'accept') === 'accept') fouls.push(c);
  }
  if (!st.opening && !st.synthetic && st.played !== null) {
    const firstIdx = st.contacts.findIndex((c) => c.a === st.played || c.b === st.played);
    const first = st.contacts[firstIdx];
    const mate = first ? (first.a === st.played ? first.b : first.a) : undefined;
    // Before the played ball's first contact only it is moving: a knock heard then without a ball
    // (a bumper or rail piezo cannot name it) is its own.
    const cushionBefore = first !== undefined && st.cushions.some((c) => (c.ball === st.played || c.ball === undefined) && c.seq < first.seq);
    const ownFirst = first && mate !== undefined && ballOwner(sides, cfg, mate) === st.side && !cushionBefore && !fouls.some((f) => f.name === 'own_onto_own');
    if (ownFirst && cfg.bumperSensor) {
      // GB-OWN-1 heard: every bumper and cushion has a sensor and none was heard before the contact.
      fouls.push({ name: 'own_onto_own', rule: 'GB-OWN-1', source: 'sensor', seq: first.seq, t: st.t });
    } else if (ownFirst) {
      const a = asker.ask(
        claimable(
          ctx,
          st,
          q(
            `${st.id}:own-onto-own`,
            'golf-billiards.own_onto_own',
            `Did ${st.played} go directly onto ${mate}, with no bumper or cushion first?`,
            [
              ['no', 'No, it hit a bumper or cushion first'],
              ['yes', 'Yes, directly (foul GB-OWN-1)'],
            ],
            'no',
            who,
            [`first contact of ${st.played} was with own ball ${mate}`, 'no cushion contact before it (bumpers are not sensed)'],
            first.seq,
          ),
          'yes',
        ),
      );
      if (a === 'yes') fouls.push({ name: 'own_onto_own', rule: 'GB-OWN-1', source: 'decision', seq: first.seq, t: st.t });
    }
  }

  // Goals (GB-SCORE-1..5).
  const assumedGoals: [StrokeRecord['goals'][number], string][] = [];
  for (const g of st.goals.length < 2 ? st.goals : [...st.goals].sort((x, y) => x.t - y.t || x.seq - y.seq)) {
    // A ball the sensor could not name: asked, its default standing in until answered (identify.ts).
    const { label, assumed } = identifyGoal(ctx, st, w, asker, g, who);
    const n = w.rec.goals.length;
    creditGoal(ctx, w, st, { ...g, ball: label });
    if (assumed) for (const r of w.rec.goals.slice(n)) assumedGoals.push([r, label]);
  }
  for (const j of st.jammed) {
    const owner = ballOwner(sides, cfg, j.ball);
    const id = pickBall(ctx, w.balls, j.ball, ['table', 'waiting']);
    if (owner === null || id === null) continue;
    if (j.place === targetGoal(cfg, sides, owner)) {
      home(w, id, owner, j.t);
      if (striker(st, owner) === owner) w.ownValid.add(owner);
      else w.opponentIn = true;
      w.rec.goals.push({ ball: id, goal: j.place, t: j.t, credited: owner, valid: true, note: 'GB-SCORE-5: jammed in the goal mouth' });
    } else if (j.place === ownGoal(cfg, owner)) {
      w.balls = setBall(w.balls, id, { where: 'waiting' });
      w.respot.push({ ball: id, chooser: other(sides, owner), played: false, infringer: owner });
      w.rec.goals.push({ ball: id, goal: j.place, t: j.t, credited: null, valid: false, note: 'GB-SPOT-6: jammed in own goal mouth, re-spotted' });
    }
  }

  // Balls off the table (GB-FOUL-3/4/5; GB-FOUL-6 returns are filtered out earlier).
  let opponentOff = false;
  for (const o of st.offs) {
    const { label, assumed } = identifyOff(ctx, st, w, asker, o, who);
    const owner = ballOwner(sides, cfg, label);
    const id = pickBall(ctx, w.balls, label, ['table', 'waiting']);
    if (owner === null || id === null) continue;
    const note = assumed ? assumedNote(label) : '';
    if (owner === striker(st, owner)) {
      w.balls = setBall(w.balls, id, { where: 'waiting' });
      w.respot.push({ ball: id, chooser: other(sides, owner), played: id === st.played, infringer: owner });
      w.lot.add(owner);
      w.rec.offTable.push({ ball: id, effect: `GB-FOUL-3: own ball off, re-spotted, loss of turn${note}` });
    } else {
      home(w, id, owner, o.t);
      opponentOff = true;
      w.rec.offTable.push({ ball: id, effect: `GB-FOUL-4: counts as holed for its owner${note}` });
    }
  }
  let loseSet = false;
  if (opponentOff && w.ownValid.has(st.side)) {
    const s = st.side;
    const o = other(sides, s);
    if (isOneOne(cfg.oneOne, left(st.before, s), left(st.before, o), core.setsWon[s] ?? 0, core.setsWon[o] ?? 0)) {
      loseSet = true;
      w.rec.fouls.push({ name: 'opponent_off_with_goal', rule: 'GB-FOUL-5', effects: ['set lost'] });
    } else {
      w.lot.add(s);
      annulPlayed(ctx, w, st, asker, who);
      w.rec.fouls.push({ name: 'opponent_off_with_goal', rule: 'GB-FOUL-4', effects: ['loss of turn', 'played ball re-spotted'] });
    }
  }

  // Zone obligation (GB-ZONE-3..7).
  if (st.zone && !st.opening && !st.synthetic && !loseSet) {
    const goalSeen = st.goals.length > 0 || st.jammed.length > 0;
    if (st.zoneMoves !== null) {
      if (!zoneObligationMet(st.zoneMoves, goalSeen, st.played)) fouls.push({ name: 'zone_fail', rule: 'GB-ZONE-3', source: 'call', seq: st.seq, t: st.t });
    } else if (!goalSeen && cfg.mode === 'self' && !fouls.some((f) => f.name === 'zone_fail' || foulEffects(f.name, true, null, false).effects.lot)) {
      const a = asker.ask(
        claimable(
          ctx,
          st,
          q(
            `${st.id}:zone`,
            'golf-billiards.zone',
            'Zone play: did at least one ball leave its zone (coming back is fine)? A ball in the big attack triangle need not move; a ball on a line only has to leave the line.',
            [
              ['left', 'Yes, a ball left its zone'],
              ['stayed', 'No ball left its zone (foul GB-ZONE-3)'],
            ],
            'left',
            'players',
            ['zone play is active', 'no ball entered a goal'],
            st.seq,
            'no-goal',
          ),
          'stayed',
        ),
      );
      if (a === 'stayed') fouls.push({ name: 'zone_fail', rule: 'GB-ZONE-3', source: 'decision', seq: st.seq, t: st.t });
    }
  }

  // Foul effects.
  let restore = false;
  const after: (() => void)[] = [];
  for (const f of fouls) {
    const fside = f.side ?? (f.ball !== undefined && f.name === 'attack_triangle' ? (ballOwner(sides, cfg, f.ball) ?? st.side) : st.side);
    const touchedOwn = f.ball !== undefined ? ballOwner(sides, cfg, f.ball) === st.side : null;
    const { rule, effects } = foulEffects(f.name, st.zone, touchedOwn, st.synthetic);
    const list: string[] = [];
    if (effects.loseSet) loseSet = true;
    if (effects.lot) {
      w.lot.add(fside);
      list.push('loss of turn');
    }
    if (effects.restore) {
      restore = true;
      list.push('displaced balls restored');
    }
    if (effects.respotPlayed) {
      after.push(() => respotPlayed(ctx, w, st, fside));
      list.push('played ball re-spotted');
    }
    if (effects.respotTouched && f.ball !== undefined) {
      const b = f.ball;
      after.push(() => respotLabel(ctx, w, b, other(sides, fside), fside));
      list.push(`${f.ball} re-spotted`);
    }
    if (effects.respotListed) {
      const labels = f.balls ?? (f.ball !== undefined ? [f.ball] : st.played !== null ? [st.played] : [`${fside}`]);
      for (const b of labels) after.push(() => respotLabel(ctx, w, b, other(sides, fside), fside));
      list.push(`${labels.join(', ')} re-spotted`);
    }
    if (effects.designate) {
      w.designate.add(fside);
      list.push('opponent designates a ball to re-spot');
    }
    if (effects.creditTouched && f.ball !== undefined) {
      const b = f.ball;
      after.push(() => {
        const id = pickBall(ctx, w.balls, b, ['table', 'waiting']);
        const owner = ballOwner(sides, cfg, b);
        if (id !== null && owner !== null) home(w, id, owner, f.t);
      });
      list.push(`${f.ball} counts as holed for its owner`);
    }
    w.rec.fouls.push({ name: f.name, rule: f.name === 'triangle' && (f.balls?.length ?? 0) > 1 ? 'GB-TRI-2' : rule, effects: list });
  }
  if (restore) {
    w.rec.restore = true;
    if (cfg.restoreAnnulsGoals) {
      w.balls = st.before;
      w.respot = [];
      w.playedRespotted.clear();
      w.homeAt = {};
      w.ownValid.clear();
      w.opponentIn = false;
      for (const g of w.rec.goals)
        if (g.valid) {
          g.valid = false;
          g.note += '; annulled by RESTORE (GB-Q3)';
        }
    } else {
      for (const [id, b] of Object.entries(st.before)) if (w.balls[id]?.where === 'waiting') w.balls = setBall(w.balls, id, { where: b.where });
      w.respot = [];
    }
  }
  for (const fn of after) fn();

  // Said last: the rules above read the notes, and a default must act exactly as that answer would.
  for (const [r, label] of assumedGoals) r.note += assumedNote(label);
  return finish(ctx, core, st, w, asker, loseSet);
}

/** GB-SCORE-1..4: one goal of the stroke, its ball named (by the sensor, an answer or a default). */
function creditGoal(ctx: Ctx, w: Work, st: Stroke, g: { ball: string; goal: string; t: number }): void {
  const { cfg, sides } = ctx;
  const owner = ballOwner(sides, cfg, g.ball);
  const id = pickBall(ctx, w.balls, g.ball, ['table', 'waiting']);
  if (owner === null || id === null) {
    w.rec.goals.push({ ball: g.ball, goal: g.goal, t: g.t, credited: null, valid: false, note: 'no such ball on the table' });
    return;
  }
  if (!isLipDropValid(g.t, st.restedAt, st.lipStopped.includes(g.ball) || st.lipStopped.includes(id))) {
    w.rec.goals.push({ ball: id, goal: g.goal, t: g.t, credited: null, valid: false, note: 'GB-SCORE-4: stopped on the lip, put back' });
    return;
  }
  const kind = classifyGoal(cfg, sides, st.opening ? owner : st.side, owner, g.goal);
  if (isPoint(kind)) {
    home(w, id, owner, g.t);
    w.ownValid.add(owner);
    w.rec.goals.push({ ball: id, goal: g.goal, t: g.t, credited: owner, valid: true, note: 'GB-SCORE-1' });
  } else if (kind === 'opponent-ball') {
    home(w, id, owner, g.t);
    w.opponentIn = true;
    w.rec.goals.push({ ball: id, goal: g.goal, t: g.t, credited: owner, valid: true, note: 'GB-SCORE-2: counts for its owner' });
  } else if (kind === 'own-into-own') {
    w.balls = setBall(w.balls, id, { where: 'waiting' });
    w.respot.push({ ball: id, chooser: other(sides, owner), played: id === st.played, infringer: owner });
    w.lot.add(owner);
    w.rec.goals.push({ ball: id, goal: g.goal, t: g.t, credited: null, valid: false, note: 'GB-SCORE-3: own goal, re-spotted' });
  } else {
    w.rec.goals.push({ ball: id, goal: g.goal, t: g.t, credited: null, valid: false, note: `unknown goal ${g.goal}` });
  }
}

/** GB-FOUL-4 with a valid goal: the played ball comes out of the goal (GB-Q3) and is re-spotted. */
function annulPlayed(ctx: Ctx, w: Work, st: Stroke, asker: Asker, who: 'referee' | 'players'): void {
  const mine = w.rec.goals.filter((g) => g.valid && g.credited === st.side && g.note === 'GB-SCORE-1');
  let target = st.played !== null ? mine.find((g) => g.ball === st.played) : undefined;
  if (st.played === null && mine.length > 0) {
    const a = asker.ask(
      q(
        `${st.id}:played-in-goal`,
        'golf-billiards.played_in_goal',
        `Was the ball ${st.side} played the one that went into the goal?`,
        [
          ['yes', 'Yes, the played ball scored'],
          ['no', 'No, another own ball scored'],
        ],
        'yes',
        who,
        ['the strike did not name the ball', `${mine.map((g) => g.ball).join(', ')} went into the goal`],
        st.seq,
      ),
    );
    if ((a ?? 'yes') === 'yes') target = mine[0];
  }
  if (target) {
    target.valid = false;
    target.note += '; annulled: played ball re-spotted (GB-FOUL-4, GB-Q3)';
    w.balls = setBall(w.balls, target.ball, { where: 'waiting' });
    w.respot.push({ ball: target.ball, chooser: other(ctx.sides, st.side), played: true, infringer: st.side });
    w.playedRespotted.add(st.side);
    const times = w.homeAt[st.side];
    if (times) times.splice(times.indexOf(target.t), 1);
    if (!w.rec.goals.some((g) => g.valid && g.credited === st.side && g.note.startsWith('GB-SCORE-1'))) w.ownValid.delete(st.side);
  } else {
    respotPlayed(ctx, w, st, st.side);
  }
}
