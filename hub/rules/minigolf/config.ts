/**
 * Minigolf engine configuration: what the `start` event's `config` may say, with defaults.
 * Parsing never throws: bad values are reported as problems and the default is used.
 */
export type LaneSystem = 'concrete' | 'miniature' | 'felt' | 'mos';
export type Format = 'stroke' | 'match';

export interface LaneConfig {
  /** MG-COURSE-7: no boundary line, every stroke is played from the start area. */
  startOnly: boolean;
  /** MG-COURSE-6: number of obstacles on the lane. */
  obstacles: number;
  /** MG-COURSE-10: replacement marks present (optional for MOS). */
  marks: boolean;
}

export interface GroupConfig {
  id: string;
  players: string[];
  /** MG-ORDER-1: shotgun start lane (1 by default). */
  startLane: number;
  /** MG-ORDER-1, two-course shotgun: the course the group starts on (the block's first course by default). */
  startCourse: string | null;
}

export interface PlayerInfo {
  sex?: 'f' | 'm';
  category?: string;
  club?: string;
  licence?: string;
  /** MG-SUB-1: named substitute of the player's team (`side`). */
  substitute?: boolean;
}

export interface CoachConfig {
  id: string;
  name: string;
  team: string;
}

export interface Config {
  /** Maximum lane score (MG-SCORE-2); the stroke cap is max - 1. */
  max: number;
  /** Lanes per course (MG-COURSE-1). */
  lanes: number;
  /** Scheduled rounds. */
  rounds: number;
  /** Course of each round, cycling (e.g. ["A", "B"]). */
  courses: string[];
  /**
   * MG-ORDER-1: two-course shotgun. Rounds are played in pairs (a block: rounds 1+2, 3+4, ...) on
   * the pair's two courses: from the start lane to 18 on the start course, all 18 lanes of the
   * other course, then lanes 1 to start - 1 of the start course. Needs two or more courses.
   */
  twoCourseShotgun: boolean;
  format: Format;
  system: LaneSystem;
  /** MG-Q5: distance toward the start area on concrete (not in the seed); null = not checked. */
  concreteNotPassedCm: number | null;
  lane: Record<number, Partial<LaneConfig>>;
  groups: GroupConfig[] | null;
  groupSize: number;
  /** Rounds (1-based) whose start order follows the scores so far (MG-ORDER-10). */
  finalRounds: number[];
  info: Record<string, PlayerInfo>;
  coaches: CoachConfig[];
  /** Season year for categories (MG-CAT-3); null = no categories. */
  season: number | null;
  /** Categories held (MG-CAT-5/6); null = all. */
  heldCategories: string[] | null;
  /** MG-CAT-9: international club-team tournament. */
  clubTeams: boolean;
  /** MG-SCORE-6: team members' results count individually too. */
  teamResultsIndividual: boolean;
  /** MG-TIME-1/2. Seconds. */
  timeFirst: number;
  timeNext: number;
  /** MG-TIE-2: first play-off lane. */
  playoffStartLane: number;
  /** MG-INT-11: WMF or continental federation event (the jury decides on a ranking). */
  federationEvent: boolean;
  /** MG-PEN-9(b): players under a ban from earlier events. */
  banned: string[];
  /** MG-SUB-2: person allowed to make substitutions, per team. */
  substituteAuthority: Record<string, string>;
  /** MG-CARD-3: official scorers, per player (otherwise the group rotation). */
  markers: Record<string, string>;
  /** MG-COURSE-11: hole diameters per lane, mm (only checked). */
  holeMm: Record<number, number>;
  tournament: { name: string; date: string; place: string };
  /** MG-PEN-12: international championship (the WMF sports director is told of bans). */
  international: boolean;
}

export const DEFAULTS: Config = {
  max: 7,
  lanes: 18,
  rounds: 1,
  courses: ['A'],
  twoCourseShotgun: false,
  format: 'stroke',
  system: 'miniature',
  concreteNotPassedCm: null,
  lane: {},
  groups: null,
  groupSize: 3,
  finalRounds: [],
  info: {},
  coaches: [],
  season: null,
  heldCategories: null,
  clubTeams: false,
  teamResultsIndividual: true,
  timeFirst: 70,
  timeNext: 60,
  playoffStartLane: 1,
  federationEvent: false,
  banned: [],
  substituteAuthority: {},
  markers: {},
  holeMm: {},
  tournament: { name: '', date: '', place: '' },
  international: false,
};

type Raw = Record<string, unknown>;

function isObj(v: unknown): v is Raw {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
function int(v: unknown, min: number, max: number): number | undefined {
  return typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max ? v : undefined;
}
function strs(v: unknown): string[] | undefined {
  return Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : undefined;
}
function strRecord(v: unknown): Record<string, string> | undefined {
  if (!isObj(v)) return undefined;
  const out: Record<string, string> = {};
  for (const [k, x] of Object.entries(v)) if (typeof x === 'string') out[k] = x;
  return out;
}

/** Parse `start.config`. Returns the config and the problems found (each keeps its default). */
export function parseConfig(raw: Raw | undefined): { config: Config; problems: string[] } {
  const c: Config = structuredClone(DEFAULTS);
  const problems: string[] = [];
  if (!raw) return { config: c, problems };
  const bad = (k: string) => problems.push(`config.${k} invalid, default used`);
  const num = (k: keyof Config & string, min: number, max: number) => {
    if (raw[k] === undefined) return;
    const v = int(raw[k], min, max);
    if (v === undefined) bad(k);
    else (c as unknown as Raw)[k] = v;
  };
  num('max', 2, 20);
  num('lanes', 1, 36);
  num('rounds', 1, 20);
  num('groupSize', 1, 8);
  num('timeFirst', 1, 600);
  num('timeNext', 1, 600);
  num('playoffStartLane', 1, 36);
  num('concreteNotPassedCm', 0, 200);
  if (raw.season !== undefined) {
    const v = int(raw.season, 1900, 2200);
    if (v === undefined) bad('season');
    else c.season = v;
  }
  if (raw.courses !== undefined) {
    const v = strs(raw.courses);
    if (!v || v.length === 0) bad('courses');
    else c.courses = v;
  }
  if (raw.format !== undefined) {
    if (raw.format === 'stroke' || raw.format === 'match') c.format = raw.format;
    else bad('format');
  }
  if (raw.system !== undefined) {
    if (['concrete', 'miniature', 'felt', 'mos'].includes(raw.system as string)) c.system = raw.system as LaneSystem;
    else bad('system');
  }
  for (const k of ['clubTeams', 'teamResultsIndividual', 'federationEvent', 'international', 'twoCourseShotgun'] as const) {
    if (raw[k] === undefined) continue;
    if (typeof raw[k] === 'boolean') c[k] = raw[k];
    else bad(k);
  }
  for (const k of ['finalRounds'] as const) {
    if (raw[k] === undefined) continue;
    const v = raw[k];
    if (Array.isArray(v) && v.every((x) => int(x, 1, 20) !== undefined)) c[k] = v as number[];
    else bad(k);
  }
  for (const k of ['banned', 'heldCategories'] as const) {
    if (raw[k] === undefined) continue;
    const v = strs(raw[k]);
    if (v) c[k] = v;
    else bad(k);
  }
  for (const k of ['substituteAuthority', 'markers'] as const) {
    if (raw[k] === undefined) continue;
    const v = strRecord(raw[k]);
    if (v) c[k] = v;
    else bad(k);
  }
  if (isObj(raw.lane)) {
    for (const [k, v] of Object.entries(raw.lane)) {
      const n = Number(k);
      if (!Number.isInteger(n) || !isObj(v)) {
        bad(`lane.${k}`);
        continue;
      }
      const lc: Partial<LaneConfig> = {};
      if (typeof v.startOnly === 'boolean') lc.startOnly = v.startOnly;
      if (int(v.obstacles, 0, 20) !== undefined) lc.obstacles = v.obstacles as number;
      if (typeof v.marks === 'boolean') lc.marks = v.marks;
      c.lane[n] = lc;
    }
  } else if (raw.lane !== undefined) bad('lane');
  if (isObj(raw.holeMm)) {
    for (const [k, v] of Object.entries(raw.holeMm)) if (typeof v === 'number') c.holeMm[Number(k)] = v;
  }
  if (Array.isArray(raw.groups)) {
    const gs: GroupConfig[] = [];
    raw.groups.forEach((g, i) => {
      const players = isObj(g) ? strs(g.players) : undefined;
      if (!isObj(g) || !players || players.length === 0) {
        bad(`groups.${i}`);
        return;
      }
      gs.push({
        id: typeof g.id === 'string' ? g.id : `g${i + 1}`,
        players,
        startLane: int(g.startLane, 1, 36) ?? 1,
        startCourse: typeof g.startCourse === 'string' ? g.startCourse : null,
      });
    });
    c.groups = gs;
  } else if (raw.groups !== undefined) bad('groups');
  if (isObj(raw.info)) {
    for (const [id, v] of Object.entries(raw.info)) {
      if (!isObj(v)) continue;
      const pi: PlayerInfo = {};
      if (v.sex === 'f' || v.sex === 'm') pi.sex = v.sex;
      if (typeof v.category === 'string') pi.category = v.category;
      if (typeof v.club === 'string') pi.club = v.club;
      if (typeof v.licence === 'string') pi.licence = v.licence;
      if (typeof v.substitute === 'boolean') pi.substitute = v.substitute;
      c.info[id] = pi;
    }
  }
  if (Array.isArray(raw.coaches)) {
    for (const v of raw.coaches) {
      if (isObj(v) && typeof v.id === 'string' && typeof v.team === 'string') {
        c.coaches.push({ id: v.id, name: typeof v.name === 'string' ? v.name : v.id, team: v.team });
      } else bad('coaches');
    }
  }
  if (isObj(raw.tournament)) {
    const t = raw.tournament;
    c.tournament = {
      name: typeof t.name === 'string' ? t.name : '',
      date: typeof t.date === 'string' ? t.date : '',
      place: typeof t.place === 'string' ? t.place : '',
    };
  }
  if (c.twoCourseShotgun && new Set(c.courses).size < 2) {
    problems.push('config.twoCourseShotgun needs two different courses; one-course play used');
    c.twoCourseShotgun = false;
  }
  for (const gc of c.groups ?? []) {
    if (gc.startCourse !== null && !c.courses.includes(gc.startCourse)) {
      problems.push(`group ${gc.id}: start course ${gc.startCourse} is not a configured course; the first course used`);
      gc.startCourse = null;
    }
  }
  for (const [lane, mm] of Object.entries(c.holeMm)) {
    // MG-COURSE-11: a hole is at most 120 mm.
    if (mm > 120) problems.push(`lane ${lane}: hole ${mm} mm is larger than 120 mm (MG-COURSE-11)`);
  }
  return { config: c, problems };
}

export function laneConfig(c: Config, lane: number): LaneConfig {
  const l = c.lane[lane] ?? {};
  return { startOnly: l.startOnly ?? false, obstacles: l.obstacles ?? 1, marks: l.marks ?? c.system !== 'mos' };
}

export function courseOfRound(c: Config, round: number): string {
  return c.courses[round % c.courses.length] ?? 'A';
}

/**
 * Course named by a lane id ("B-7", "B7", "b:7"), when it is a configured course; null when the
 * id names no course ("7", "lane7").
 */
export function courseOfLaneId(c: Config, id: string | undefined): string | null {
  if (id === undefined) return null;
  const m = /^([A-Za-z][A-Za-z0-9]*?)[-:_ /]?(\d+)$/.exec(id.trim());
  if (!m) return null;
  const name = m[1]!;
  return c.courses.find((x) => x === name) ?? c.courses.find((x) => x.toLowerCase() === name.toLowerCase()) ?? null;
}
