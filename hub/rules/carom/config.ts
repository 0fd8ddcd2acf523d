const base: CaromConfig = {
  ruleset: 'salon-002',
  distance: null,
  inningsLimit: null,
  equalizingInning: false,
  lag: false,
  breakRedFirst: false,
  shotClockSeconds: null,
  timeouts: false,
  timeoutsPerPlayer: 1,
  timeoutSeconds: 300,
  setsInMatch: 1,
  setNumber: 1,
  cushionCount: 'contacts',
  fourBallWhiteYellow: 'contact',
  foulRestore: 'any',
  referee: true,
  balls: { white: 'W', yellow: 'Y', red: 'R', maroon: 'M' },
};

/** What the ruleset turns on, before the explicit options of the start event. */
import type { CaromConfig, CaromGame, Ruleset } from '../../../shared/reports/carom';

export type { BallIds, CaromConfig, CaromGame, Ruleset } from '../../../shared/reports/carom';
function rulesetDefaults(game: CaromGame, ruleset: Ruleset): Partial<CaromConfig> {
  if (game === 'three-cushion' && ruleset === 'ceb-004') {
    return { lag: true, breakRedFirst: true, shotClockSeconds: 30, timeouts: true };
  }
  return {};
}

export function defaultConfig(game: CaromGame, ruleset?: Ruleset): CaromConfig {
  const rs = ruleset ?? (game === 'three-cushion' ? 'ceb-004' : 'salon-002');
  const distance = game === 'three-cushion' ? 40 : null;
  return { ...base, ruleset: rs, distance, ...rulesetDefaults(game, rs), balls: { ...base.balls } };
}

type Problem = string;

function positiveIntOrNull(v: unknown): number | null | undefined {
  if (v === null) return null;
  if (typeof v === 'number' && Number.isInteger(v) && v > 0) return v;
  return undefined;
}

/** Read the start event's config over the defaults. Bad values keep the default and are reported. */
export function parseConfig(game: CaromGame, raw: Record<string, unknown> | undefined): { config: CaromConfig; problems: Problem[] } {
  const problems: Problem[] = [];
  const input = raw ?? {};
  let ruleset: Ruleset | undefined;
  if (input.ruleset !== undefined) {
    if (input.ruleset === 'ceb-004' || input.ruleset === 'salon-002') ruleset = input.ruleset;
    else problems.push(`ruleset: expected "ceb-004" or "salon-002"`);
  }
  const c = defaultConfig(game, ruleset);
  for (const [key, value] of Object.entries(input)) {
    switch (key) {
      case 'ruleset':
        break;
      case 'distance':
      case 'inningsLimit':
      case 'shotClockSeconds': {
        const v = positiveIntOrNull(value);
        if (v === undefined) problems.push(`${key}: expected a positive integer or null`);
        else c[key] = v;
        break;
      }
      case 'timeoutsPerPlayer':
      case 'timeoutSeconds':
      case 'setsInMatch':
      case 'setNumber': {
        const v = positiveIntOrNull(value);
        if (v === undefined || v === null) problems.push(`${key}: expected a positive integer`);
        else c[key] = v;
        break;
      }
      case 'equalizingInning':
      case 'lag':
      case 'breakRedFirst':
      case 'timeouts':
      case 'referee':
        if (typeof value === 'boolean') c[key] = value;
        else problems.push(`${key}: expected true or false`);
        break;
      case 'cushionCount':
        if (value === 'contacts' || value === 'distinct') c.cushionCount = value;
        else problems.push(`cushionCount: expected "contacts" or "distinct"`);
        break;
      case 'fourBallWhiteYellow':
        if (value === 'contact' || value === 'carom') c.fourBallWhiteYellow = value;
        else problems.push(`fourBallWhiteYellow: expected "contact" or "carom"`);
        break;
      case 'foulRestore':
        if (value === 'any' || value === 'intentional') c.foulRestore = value;
        else problems.push(`foulRestore: expected "any" or "intentional"`);
        break;
      case 'balls': {
        const b = value as Record<string, unknown> | null;
        if (typeof b !== 'object' || b === null) {
          problems.push('balls: expected an object of ball ids');
          break;
        }
        for (const role of ['white', 'yellow', 'red', 'maroon'] as const) {
          const id = b[role];
          if (id === undefined) continue;
          if (typeof id === 'string' && id.length > 0) c.balls[role] = id;
          else problems.push(`balls.${role}: expected a ball id`);
        }
        const ids = Object.values(c.balls);
        if (new Set(ids).size !== ids.length) {
          problems.push('balls: ids must differ; using the defaults');
          c.balls = { ...base.balls };
        }
        break;
      }
      default:
        problems.push(`${key}: unknown option`);
    }
  }
  return { config: c, problems };
}

const ballLists = new WeakMap<CaromConfig, Partial<Record<CaromGame, readonly string[]>>>();

/** Balls in play for the game (one shared, frozen list per configuration: do not mutate). */
export function ballsOf(game: CaromGame, c: CaromConfig): string[] {
  // The last answer first: a replay asks for one configuration's balls several times per shot,
  // and a WeakMap lookup each time was most of what reading a certain shot cost.
  if (c === last.config && game === last.game && fits(last.list, c)) return last.list as string[];
  let byGame = ballLists.get(c);
  if (!byGame) {
    byGame = {};
    ballLists.set(c, byGame);
  }
  let list = byGame[game];
  if (!list || !fits(list, c)) {
    const { white, yellow, red, maroon } = c.balls;
    list = Object.freeze(game === 'four-ball' ? [white, yellow, red, maroon] : [white, yellow, red]);
    byGame[game] = list;
  }
  last = { config: c, game, list };
  return list as string[];
}

let last: { config: CaromConfig | null; game: CaromGame | null; list: readonly string[] } = { config: null, game: null, list: [] };

/** The list still names the configuration's balls. */
function fits(list: readonly string[], c: CaromConfig): boolean {
  return list[0] === c.balls.white && list[1] === c.balls.yellow && list[2] === c.balls.red && (list.length !== 4 || list[3] === c.balls.maroon);
}
