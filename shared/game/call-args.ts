/**
 * What each referee call names, so the referee panel offers buttons instead of fields to type: the
 * player, a ball, a pocket or a minigolf group, an answer chosen from a list (a foul's code, an
 * interference's effect) and the numbers a minigolf card takes (a lane, its strokes, the round).
 * The arguments are the engines' (docs/games/*.md, the `ref` call catalogues), one table per family
 * keyed by call; the catalogue (./catalogue.ts) gives each game's calls their arguments from it.
 * dashboard/src/referee/call-args.test.ts checks every list against the engine that reads it.
 */
export type Need = 'required' | 'optional';

/** An answer of a list; `rulesets`: only under these carom rulesets (the report's `ruleset`). */
export interface Choice {
  value: string;
  rulesets?: readonly string[];
}

/** A list the call's `value` (or, for a minigolf initial, `data.by`) is chosen from: labels `ref.opt.<family>.<call>.<value>`. */
export interface ChoiceArg {
  into: 'value' | 'by';
  need: Need;
  options: readonly Choice[];
}

/** A whole number typed in: the call's `value`, its `place` (a lane) or `data.round`. Labels `ref.num.<label>`. */
export interface NumberArg {
  into: 'value' | 'place' | 'round';
  label: 'lane' | 'strokes' | 'round';
  min: number;
  max: number;
  need: Need;
}

export interface CallArgs {
  player?: Need;
  ball?: Need;
  /** `place`: one of the table's pockets (its profile's, GET /recent `places.pocket`). */
  pocket?: Need;
  /** `place`: a group of the minigolf report. */
  group?: Need;
  choice?: ChoiceArg;
  numbers?: readonly NumberArg[];
}

const both = ['ceb-004', 'salon-002'];
const ceb = ['ceb-004'];
const salon = ['salon-002'];

/** Carom foul codes (hub/rules/carom/general.ts FOULS) and the rulesets each belongs to. */
const CAROM_FOULS: Choice[] = [
  { value: 'foot', rulesets: both },
  { value: 'balls_in_motion', rulesets: both },
  { value: 'double_hit', rulesets: both },
  { value: 'out', rulesets: both },
  { value: 'wrong_ball', rulesets: both },
  { value: 'touch', rulesets: ceb },
  { value: 'foreign_body', rulesets: ceb },
  { value: 'cue_tip', rulesets: ceb },
  { value: 'push', rulesets: ceb },
  { value: 'mark', rulesets: ceb },
  { value: 'frozen_cushion', rulesets: ceb },
  { value: 'did_not_play', rulesets: ceb },
  { value: 'opponents_turn', rulesets: salon },
  { value: 'other', rulesets: both },
];

const list = (...values: string[]): Choice[] => values.map((value) => ({ value }));
const LANE: NumberArg = { into: 'place', label: 'lane', min: 1, max: 99, need: 'optional' };
const STROKES: NumberArg = { into: 'value', label: 'strokes', min: 1, max: 7, need: 'required' };

export const CAROM_CALL_ARGS: Readonly<Record<string, CallArgs>> = {
  foul: { player: 'optional', ball: 'optional', choice: { into: 'value', need: 'required', options: CAROM_FOULS } },
  frozen: { ball: 'required' },
  restore: { player: 'optional' },
  interference: { ball: 'optional' },
  timeout: { player: 'required' },
  play: {},
  end_game: {},
  lag_winner: { player: 'required' },
};

export const GOLF_BILLIARDS_CALL_ARGS: Readonly<Record<string, CallArgs>> = {
  foot: { player: 'optional' },
  jump: { player: 'optional' },
  touch: { player: 'optional', ball: 'optional', choice: { into: 'value', need: 'optional', options: list('before') } },
  push: { player: 'optional' },
  wrong_ball: { player: 'optional' },
  own_onto_own: { player: 'optional' },
  aim_before_rest: { player: 'optional' },
  stop_own: { player: 'optional', ball: 'required' },
  stop_opponent: { player: 'optional', ball: 'required' },
};

export const POOL_CALL_ARGS: Readonly<Record<string, CallArgs>> = {
  call: { ball: 'required', pocket: 'required' },
  safety: {},
  frozen: { ball: 'required' },
  foul: {
    player: 'optional',
    choice: { into: 'value', need: 'required', options: list('touch', 'foot', 'moving', 'jump', 'kitchen', 'marking', 'measuring', 'interfering', 'other') },
  },
  interference: { choice: { into: 'value', need: 'required', options: list('affected', 'not-affected', 'unrestorable') } },
  concede: { player: 'required' },
  abandon: {},
};

export const MINIGOLF_CALL_ARGS: Readonly<Record<string, CallArgs>> = {
  give_up: { player: 'required' },
  place: {
    player: 'required',
    choice: {
      into: 'value',
      need: 'required',
      options: list(
        'start',
        'left_lane',
        'obstacle_incorrect',
        'near_obstacle_passed',
        'near_obstacle_not_passed',
        'near_border',
        'border_and_obstacle',
        'after_boundary',
        'mark',
      ),
    },
  },
  replay_stroke: { player: 'required' },
  touch: { player: 'required', choice: { into: 'value', need: 'required', options: list('accidental', 'stroke') } },
  score: { player: 'required', numbers: [LANE, STROKES] },
  penalty: { player: 'required', choice: { into: 'value', need: 'required', options: list('A', 'A+1', 'B+2', 'D+5') } },
  warn: { player: 'required' },
  correct: { player: 'required', numbers: [{ ...LANE, need: 'required' }, STROKES, { into: 'round', label: 'round', min: 1, max: 20, need: 'optional' }] },
  initial: {
    player: 'required',
    choice: { into: 'by', need: 'required', options: list('player', 'marker') },
    numbers: [{ into: 'value', label: 'round', min: 1, max: 20, need: 'optional' }],
  },
  submit: { group: 'required', numbers: [{ into: 'value', label: 'round', min: 1, max: 20, need: 'required' }] },
};

/** A call its family's table does not describe: it may name a player. */
export const UNDESCRIBED: CallArgs = { player: 'optional' };
