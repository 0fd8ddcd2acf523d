/**
 * Pending decisions in the viewer's language. The engines write their questions in English; the
 * dashboard translates them from machine data only: the decision `kind`, its `id` (shot number,
 * ball), the option values (player ids, sides, balls, points) and the player names of the
 * summary. A kind the dashboard does not know keeps the engine's English text. Evidence lines
 * that engines write as fixed phrases are translated; any other line is shown as the engine
 * wrote it, under a translated heading.
 */
import { en, type Key } from '../i18n/en';
import { t } from './i18n';
import type { PendingDecision } from './types';

export interface LocalizedDecision {
  question: string;
  options: { value: string; label: string }[];
  evidence: string[];
}

/** Player (or side) id to a name; the id itself when unknown. */
export type Names = (id: string) => string;

type Vars = Record<string, string | number>;
/** A key with its placeholders, a text that needs no translation (a player's name), or null: unknown value. */
type Label = [Key, Vars?] | string | null;
interface KindSpec {
  /** Placeholders of the question, from the decision's machine data. */
  vars?: (d: PendingDecision, names: Names) => Vars;
  /** The key of the question when it is not `kind.<kind>`. */
  questionKey?: (d: PendingDecision) => Key;
  option: (value: string, d: PendingDecision, names: Names) => Label;
  /** Example option values, for the test that every kind is translated. */
  samples: string[];
}

const has = (k: string): k is Key => k in en;
const fixed =
  (prefix: string) =>
  (value: string): Label =>
    has(`${prefix}.${value}`) ? [`${prefix}.${value}` as Key] : null;
const yesNo = fixed('opt');
const idPart = (d: PendingDecision, re: RegExp): string => re.exec(d.id)?.[1] ?? '?';
const shotNo = (d: PendingDecision): Vars => ({ shot: idPart(d, /^shot-(\d+):/) });

function caromPoint(value: string): Label {
  if (value === 'point' || value === 'miss' || value === 'none') return [`opt.carom.${value}` as Key];
  const m = /^p(\d+)$/.exec(value);
  if (!m) return null;
  return m[1] === '0' ? ['opt.carom.p0'] : ['opt.carom.points', { n: Number(m[1]) }];
}

const point: KindSpec = { vars: shotNo, option: caromPoint, samples: ['point', 'miss'] };
const ball = (value: string): Label => (value === 'cue' ? ['opt.cueBall'] : ['opt.ball', { ball: value }]);
const side = (value: string, _d: PendingDecision, names: Names): Label => names(value);

/** Every decision kind the engines raise (hub/rules/*; listed in docs/games/*.md). */
export const KINDS: Record<string, KindSpec> = {
  'c3.point': point,
  'c3b.point': point,
  'c4.point': { vars: shotNo, option: caromPoint, samples: ['p50', 'p25', 'p5', 'p1', 'p0', 'none'] },
  'carom.wrong_ball': { option: fixed('opt.carom.wrong_ball'), samples: ['foul', 'foul_during', 'no_foul'] },
  'carom.balls_in_motion': { vars: shotNo, option: fixed('opt.carom.balls_in_motion'), samples: ['foul', 'no_foul'] },
  'c3.lag': {
    option: (v, _d, names) => {
      if (v === 'equal') return ['opt.c3.lag.equal'];
      if (v === 'both_red') return ['opt.c3.lag.both_red'];
      if (v.startsWith('repeat_fault:')) return ['opt.c3.lag.repeat_fault', { name: names(v.slice('repeat_fault:'.length)) }];
      return ['opt.c3.lag.win', { name: names(v) }];
    },
    samples: ['A', 'equal', 'repeat_fault:A', 'both_red'],
  },
  'c3.lag_collision': {
    option: (v, _d, names) => {
      if (v === 'undecidable') return ['opt.c3.lag_collision.undecidable'];
      if (v.startsWith('fault:')) return ['opt.c3.lag_collision.fault', { name: names(v.slice('fault:'.length)) }];
      return null;
    },
    samples: ['fault:A', 'undecidable'],
  },
  'golf-billiards.respot': {
    vars: (d) => ({ ball: idPart(d, /:respot-(\w+)$/) }),
    option: (v) => {
      if (v === 'near') return ['opt.golf-billiards.respot.near'];
      if (v === '4' || v === '5') return ['opt.golf.pointIfTaken', { n: v }];
      return /^\d+$/.test(v) ? ['opt.golf.point', { n: v }] : null;
    },
    samples: ['1', '2', '3', '4', '5', 'near'],
  },
  'golf-billiards.respot_repeat': {
    vars: (d) => ({ ball: idPart(d, /:repeat-spot-(\w+)$/), point: d.default ?? '?' }),
    option: (v, d) => {
      if (v === 'near') return ['opt.golf-billiards.respot_repeat.near'];
      return [v === d.default ? 'opt.golf-billiards.respot_repeat.free' : 'opt.golf-billiards.respot_repeat.other', { n: v }];
    },
    samples: ['1', 'near'],
  },
  'golf-billiards.designate': {
    vars: (d, names) => ({ name: names(idPart(d, /:designate-(\w+)$/)) }),
    option: ball,
    samples: ['A4'],
  },
  'golf-billiards.zone': { option: fixed('opt.golf-billiards.zone'), samples: ['left', 'stayed'] },
  'golf-billiards.own_onto_own': { option: fixed('opt.golf-billiards.own_onto_own'), samples: ['no', 'yes'] },
  'golf-billiards.foul': { option: fixed('opt.golf-billiards.foul'), samples: ['accept', 'reject'] },
  'golf-billiards.played_in_goal': { option: fixed('opt.golf-billiards.played_in_goal'), samples: ['yes', 'no'] },
  'golf-billiards.first_drop': { option: side, samples: ['A', 'B'] },
  // A ball the sensors could not name (a goal without a colour sensor, the out beam): whose was it? Answers are sides.
  'golf-billiards.goal_ball': {
    vars: (d, names) => ({ name: names(idPart(d, /:goal-(\w+)-\d+$/)) }),
    option: (v, _d, names) => ['opt.golf.sideBall', { name: names(v) }],
    samples: ['A', 'B'],
  },
  'golf-billiards.off_ball': { option: (v, _d, names) => ['opt.golf.sideBall', { name: names(v) }], samples: ['A', 'B'] },
  'golf-billiards.opening': {
    // Both sides scored with the opening stroke: the engine's evidence then gives the goal times.
    questionKey: (d) => (d.evidence[0]?.startsWith('first valid goals at') ? 'kind.golf-billiards.opening.both' : 'kind.golf-billiards.opening'),
    option: (v, _d, names) => (v === 'repeat' ? ['opt.golf-billiards.opening.repeat'] : ['opt.golf-billiards.opening.side', { name: names(v) }]),
    samples: ['A', 'B', 'repeat'],
  },
  'pocket.ball-identity': { option: ball, samples: ['cue', '1', '8', '15'] },
  // `none` is offered on a table without a contact sensor (config contactSensor: false).
  'pocket.first-contact': { option: (v) => (v === 'none' ? ['opt.pocket.first-contact.none'] : ball(v)), samples: ['1', '9', 'none'] },
  'pocket.rail': { option: yesNo, samples: ['yes', 'no'] },
  'pocket.frozen-moved': { option: yesNo, samples: ['yes', 'no'] },
  'eight-ball.break-cushions': { option: yesNo, samples: ['yes', 'no'] },
  'nine-ball.break-cushions': { option: yesNo, samples: ['yes', 'no'] },
  'eight-ball.eight-call': { option: yesNo, samples: ['yes', 'no'] },
  'eight-ball.group': { option: fixed('opt.eight-ball.group'), samples: ['solids', 'stripes'] },
  'pocket.lag-choice': { option: fixed('opt.pocket.lag-choice'), samples: ['break', 'pass'] },
  'pocket.break-foul': { option: fixed('opt.pocket.break-foul'), samples: ['accept', 'rerack-self', 'rerack-opponent'] },
  'pocket.break-eight': { option: fixed('opt.pocket.break-eight'), samples: ['spot', 'rerack'] },
  'pocket.break-eight-foul': { option: fixed('opt.pocket.break-eight-foul'), samples: ['spot', 'rerack'] },
  'pocket.push-out-reply': { option: fixed('opt.pocket.push-out-reply'), samples: ['play', 'pass'] },
  'pocket.touch-restore': { option: fixed('opt.pocket.touch-restore'), samples: ['restore', 'leave'] },
  'minigolf.hole_without_stroke': { option: fixed('opt.minigolf.hole_without_stroke'), samples: ['void', 'stroke'] },
  'minigolf.ball_change': { option: fixed('opt.minigolf.ball_change'), samples: ['authorised', 'unauthorised'] },
  // A claim the shooter disputes (hub/rules/common/claims.ts): the referee rules.
  'claim.dispute': {
    vars: (d, names) => {
      const who = /^claimed by (\S+), disputed by (\S+)$/.exec(d.evidence[0] ?? '');
      const kind = /^claimed foul: (\S+)$/.exec(d.evidence[1] ?? '')?.[1] ?? '';
      return { claimer: names(who?.[1] ?? '?'), against: names(who?.[2] ?? '?'), foul: claimText(kind) };
    },
    option: fixed('opt.claim.dispute'),
    samples: ['uphold', 'reject'],
  },
  'minigolf.ranking_after_cancel': { option: fixed('opt.minigolf.ranking_after_cancel'), samples: ['rank', 'no_ranking'] },
};

/**
 * Evidence lines the engines write as fixed phrases (some with a ball, a number or a player in
 * them), and their key. `who` marks a capture that is a player id (shown as the name).
 */
const EVIDENCE: [RegExp, Key, string[]][] = [
  [/^cue ball (\S+)$/, 'ev.cueBall', ['ball']],
  [/^(\d+) event\(s\) without a ball identity; the default counts only identified events$/, 'ev.unidentified', ['n']],
  [/^a strike came before the previous shot was reported at rest$/, 'ev.strikeInMotion', []],
  [/^the strike sensor named (\S+)$/, 'ev.strikeNamed', ['ball']],
  [/^the strike did not name the ball$/, 'ev.strikeNoBall', []],
  [/^zone play is active$/, 'ev.zonePlay', []],
  [/^no ball entered a goal$/, 'ev.noGoal', []],
  [/^distance to the goal is not sensed$/, 'ev.noDistance', []],
  [/^if nobody answers: the opening stroke is played again$/, 'ev.openingRepeat', []],
  [/^(\S+) must be re-spotted$/, 'ev.mustRespot', ['ball']],
  [/^no point known to be occupied$/, 'ev.noOccupied', []],
  [/^points that look occupied: (.+)$/, 'ev.occupied', ['points']],
  [/^first contact of (\S+) was with own ball (\S+)$/, 'ev.ownFirst', ['ball', 'other']],
  [/^no cushion contact before it \(bumpers are not sensed\)$/, 'ev.noCushion', []],
  [/^zone-play foul: the opponent designates a ball \(GB-Q5\)$/, 'ev.designate', []],
  [/^the sensor read "(.*)", which is not a ball colour of this match$/, 'ev.sensorRead', ['read']],
  [/^if nobody answers: (\S+), the side that plays into this goal$/, 'ev.goalDefault', ['who']],
  [/^if nobody answers: (\S+), the side that struck$/, 'ev.offDefault', ['who']],
  [/^if nobody answers: (\S+), the only side with a ball left that could go (?:in|off)$/, 'ev.onlySideLeft', ['who']],
  [/^the first contact sensor event did not identify the object ball$/, 'ev.firstContact', []],
  [/^this table has no contact sensor \(config contactSensor: false\)$/, 'ev.noContactSensor', []],
  [/^this table has no contact sensor: the cushions heard may have come before the contact$/, 'ev.railUnsure', []],
  [/^pocket sensor (\S+) captured a ball without identity \(event (\d+)\)$/, 'ev.pocketUnknown', ['pocket', 'n']],
  [/^off-table detector fired without identity \(event (\d+)\)$/, 'ev.offUnknown', ['n']],
  [/^goal sensor (\S+) captured a ball without identity \(event (\d+)\)$/, 'ev.goalUnknown', ['goal', 'n']],
  [/^no sensor event shows ball (\S+) moving$/, 'ev.frozenStill', ['ball']],
  [/^8-ball captured in pocket (\S+)$/, 'ev.eightIn', ['pocket']],
  [/^no call was entered before the shot$/, 'ev.noCall', []],
  [/^no called ball was entered$/, 'ev.noCalledBall', []],
  [/^pocketed: (.+)$/, 'ev.pocketed', ['balls']],
  [/^(\d+) distinct object balls identified at a cushion$/, 'ev.cushionBalls', ['n']],
  [/^(\d+) cushion contacts without ball identity$/, 'ev.cushionUnknown', ['n']],
  [/^(\S+) chooses$/, 'ev.chooses', ['who']],
  [/^hole sensor on lane (\S+)$/, 'ev.holeSensor', ['lane']],
  [/^claimed by (\S+), disputed by (\S+)$/, 'ev.claimDisputed', ['claimer', 'against']],
  [/^claimed foul: (\S+)$/, 'ev.claimedFoul', ['foulKind']],
  [/^stroke sensor: ball (\S+) on lane (\S+)$/, 'ev.ballOnLane', ['ball', 'lane']],
  [/^lane started with ball (\S+)$/, 'ev.laneBall', ['ball']],
];

/** The foul a claim names, from the kind of the question it answers: "Foul: hit the wrong ball first". */
export function claimText(kind: string, tr: Translate = t): string {
  const key = `claim.kind.${kind}`;
  return has(key) ? tr(key) : tr('claim.other');
}

/** Translates a key with its placeholders: the current language's `t` unless a test passes one. */
export type Translate = (key: Key, vars?: Vars) => string;

export function evidenceLine(line: string, names: Names, tr: Translate = t): string {
  for (const [re, key, vars] of EVIDENCE) {
    const m = re.exec(line);
    if (!m) continue;
    const v: Vars = {};
    vars.forEach((name, i) => {
      const x = m[i + 1] ?? '';
      if (name === 'who') v.name = names(x);
      else if (name === 'claimer' || name === 'against') v[name] = names(x);
      else if (name === 'foulKind') v.foul = claimText(x, tr);
      else v[name] = x;
    });
    return tr(key, v);
  }
  return line;
}

/** The question, option labels and evidence of a decision in the current language. */
export function localizeDecision(d: PendingDecision, names: Names = (id) => id, tr: Translate = t): LocalizedDecision {
  const spec = KINDS[d.kind];
  const evidence = d.evidence.map((e) => evidenceLine(e, names, tr));
  if (!spec) return { question: d.question, options: d.options, evidence };
  const qKey = spec.questionKey?.(d) ?? `kind.${d.kind}`;
  const question = has(qKey) ? tr(qKey, spec.vars?.(d, names) ?? {}) : d.question;
  const options = d.options.map((o) => {
    const l = spec.option(o.value, d, names);
    return { value: o.value, label: l === null ? o.label : typeof l === 'string' ? l : tr(l[0], l[1] ?? {}) };
  });
  return { question, options, evidence };
}
