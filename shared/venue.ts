/**
 * Venue configuration: tables, their game and their devices. One schema for the config file,
 * the API and the hub's checks (an unknown device is rejected).
 */
import { Type, type Static } from '@sinclair/typebox';
import { ID_PATTERN } from './protocol/wire';
import { CATALOGUE, findGame, GameIds, type GameEntry, type GameId } from './game/catalogue';

const Id = Type.String({ pattern: ID_PATTERN });

/** Most lanes a minigolf course may have (the engine's `lanes` option goes up to 36). */
export const MAX_LANES = 36;

export const DeviceConfig = Type.Object(
  {
    id: Id,
    link: Type.Union([Type.Literal('serial'), Type.Literal('mqtt'), Type.Literal('firmata')]),
    /** Serial or Firmata port path, e.g. /dev/ttyACM0. */
    path: Type.Optional(Type.String({ maxLength: 200 })),
    /** Table profile under hardware/profiles (firmware build input). */
    profile: Type.Optional(Type.String({ maxLength: 64 })),
    /** MQTT password of this device (its username is its id); see docs/mqtt-security.md. */
    secret: Type.Optional(Type.String({ minLength: 8, maxLength: 128 })),
    /**
     * Minigolf: the lane of the course this device serves (1..36). Its strokes, holes and balls out
     * of the lane are that lane's, and the lane has its own shot assembly in the hub. Only on a
     * minigolf table, each lane at most once per table (`venueProblems`).
     */
    lane: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LANES })),
  },
  { additionalProperties: false },
);
export type DeviceConfig = Static<typeof DeviceConfig>;

export const TableConfig = Type.Object(
  {
    id: Id,
    name: Type.String({ minLength: 1, maxLength: 80 }),
    game: Type.Union(GameIds.map((g) => Type.Literal(g))),
    /** Up to 36: a minigolf course has one device per lane. */
    devices: Type.Array(DeviceConfig, { maxItems: MAX_LANES }),
  },
  { additionalProperties: false },
);
export type TableConfig = Static<typeof TableConfig>;

/** The TV wall's layouts: tables on one screen at once (venue `tvTiles`, the URL's `?tiles=`). */
export const TV_TILES = [1, 2, 4, 6, 8] as const;
export type TvTiles = (typeof TV_TILES)[number];

export const VenueConfig = Type.Object(
  {
    id: Id,
    name: Type.String({ minLength: 1, maxLength: 80 }),
    language: Type.Union([Type.Literal('en'), Type.Literal('tr'), Type.Literal('he')]),
    tables: Type.Array(TableConfig, { maxItems: 200 }),
    /**
     * How sure the engine must be of a reading the sensors leave open to decide it without asking
     * anyone (a question's `probability`); below it the question is shown. DEFAULT_ASK_BELOW
     * unless set; 1 asks everything, 0 decides everything that has a probability.
     */
    askBelow: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
    /**
     * Claims (docs/claims.md): a foul no sensor can see (pool's first ball and rail, bumper pool's
     * zone) is taken as not committed at once, and the opponent may claim it for this many seconds
     * or until the next strike. DEFAULT_CLAIM_WINDOW_S unless set; 0: no claims, the players are
     * asked as any question.
     */
    claimWindowS: Type.Optional(Type.Number({ minimum: 0, maximum: 600 })),
    /**
     * The TV wall (`#/tv`, docs/dashboard.md): how many tables one screen shows at once, 1, 2, 4, 6
     * or 8; the URL's `?tiles=` overrides it for one screen. DEFAULT_TV_TILES unless set.
     */
    tvTiles: Type.Optional(Type.Union(TV_TILES.map((n) => Type.Literal(n)))),
  },
  { additionalProperties: false },
);
export type VenueConfig = Static<typeof VenueConfig>;

/** The venue's `askBelow` unless it sets one: a reading 98 % sure or more is decided alone. */
export const DEFAULT_ASK_BELOW = 0.98;

/** The TV wall shows one table at a time, in turn, unless the venue (or the URL) says otherwise. */
export const DEFAULT_TV_TILES: TvTiles = 1;

/** How long a foul taken as not committed stays open to a claim, unless the venue says: 15 s. */
export const DEFAULT_CLAIM_WINDOW_S = 15;

/** Is the engine sure enough of a question's default to decide it alone at a venue asking below `askBelow`? */
export function decidedAlone(d: { default: string | null; probability?: number }, askBelow: number): boolean {
  return d.default !== null && d.probability !== undefined && d.probability >= askBelow;
}

/**
 * What the schema cannot say: a device's `lane` only on a table of lanes (a minigolf course), and each lane served by one
 * device of its table. One line per problem, led by the JSON path of the offending field.
 */
export function venueProblems(v: VenueConfig): string[] {
  const problems: string[] = [];
  v.tables.forEach((t, ti) => {
    const served = new Map<number, string>();
    t.devices.forEach((d, di) => {
      if (d.lane === undefined) return;
      const at = `/tables/${ti}/devices/${di}/lane`;
      if (!findGame(t.game)?.lanes) problems.push(`${at} device ${d.id}: a lane only on a minigolf table (table ${t.id} plays ${t.game})`);
      else if (served.has(d.lane)) problems.push(`${at} device ${d.id}: lane ${d.lane} of table ${t.id} is already served by ${served.get(d.lane)}`);
      else served.set(d.lane, d.id);
    });
  });
  return problems;
}

/**
 * The embedded default: a small bar with one table of each kind, all simulated: every game whose
 * catalogue entry has a demo table, with one device wired as the game's profile (on a course: lane 1).
 */
export const DEMO_VENUE: VenueConfig = {
  id: 'demo',
  name: 'Demo venue',
  language: 'en',
  tables: (CATALOGUE as readonly (GameEntry & { id: GameId })[]).flatMap(({ id: game, demo, profile, lanes }) =>
    demo
      ? [
          {
            id: demo.table.id,
            name: demo.table.name,
            game,
            devices: [{ id: `${demo.table.id}-a`, link: 'mqtt' as const, profile, ...(lanes ? { lane: 1 } : {}) }],
          },
        ]
      : [],
  ),
};

/** The venue as the API and the dashboard see it: device secrets never leave the hub. */
export function publicVenue(v: VenueConfig): VenueConfig {
  return {
    ...v,
    tables: v.tables.map((t) => ({
      ...t,
      devices: t.devices.map((d) => {
        const { secret: _secret, ...rest } = d;
        return rest;
      }),
    })),
  };
}
