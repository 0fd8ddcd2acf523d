/**
 * The simulated venue (`npm start`, `autoref simulate`): every table of the venue with an MQTT
 * device gets a simulated game (physics and players, sim/players/games.ts) whose sensor signals
 * drive the real firmware bundle on a simulated ESP32 board, in real time, connected to the broker.
 * A new user sees balls that really moved, reported by the code that runs on the tables.
 */
import type { VenueConfig } from '../shared/venue';
import { rng } from './physics/rng';
import { gameEntry } from '../shared/game/catalogue';
import { SimGame } from './players/games';
import { skillModel } from './players/players';
import { LiveFirmwareTable } from './signals/live';
import { BAR_NOISE, signalsFor } from './signals/signals';

export interface SimVenueOptions {
  brokerUrl: string;
  venue: VenueConfig;
  /** Mean seconds between the end of one shot and the next, per table. */
  shotEverySeconds?: number;
  seed?: number;
  /** Players' skill, 0..1. */
  skill?: number;
  log?: (line: string) => void;
}

export interface SimTable {
  /** Device id (the firmware's identity). */
  id: string;
  table: string;
  game: SimGame;
  board: LiveFirmwareTable;
  /**
   * Balls captured and not yet named to the hub, oldest first, with the place they fell in: what
   * the players at the table saw, for the demo to answer "which ball?" (hub/cli/demo.ts).
   */
  captures: { place: string; ball: string }[];
}

export interface SimVenue {
  /** One simulated board per table with an MQTT device. */
  devices: SimTable[];
  stop(): Promise<void>;
}

export async function startSimVenue(opts: SimVenueOptions): Promise<SimVenue> {
  const log = opts.log ?? (() => undefined);
  skillModel(opts.skill ?? 0.7); // misuse throws now, not later in a timer
  const devices: SimTable[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;
  const later = (ms: number, fn: () => void): void => {
    const t = setTimeout(() => {
      timers.delete(t);
      if (!stopped) fn();
    }, ms);
    timers.add(t);
  };
  if (new URL(opts.brokerUrl).protocol !== 'mqtt:') {
    log(`simulated tables need a plain mqtt:// broker URL (the firmware has no TLS); none started for ${opts.brokerUrl}`);
    return { devices, stop: async () => undefined };
  }
  const r = rng(opts.seed ?? 7);
  const every = (opts.shotEverySeconds ?? 4) * 1000;
  for (const table of opts.venue.tables) {
    const cfg = table.devices.find((d) => d.link === 'mqtt');
    if (!cfg) continue;
    // The game's catalogue entry says which simulated table plays it (a carom table its own game:
    // four-ball with four balls, 3-ball and 4-ball aims); the board runs the device's profile.
    const entry = gameEntry(table.game);
    const plays = entry.simulator;
    const game = new SimGame(plays.kind, {
      skill: opts.skill ?? 0.7,
      seed: Math.floor(r() * 2 ** 31),
      ...(plays.kind === 'carom' ? { carom: plays.rules } : {}),
    });
    const board = new LiveFirmwareTable({
      profile: cfg.profile ?? entry.profile,
      device: cfg.id,
      table: table.id,
      venue: opts.venue.id,
      brokerUrl: opts.brokerUrl,
      drift: (r() - 0.5) * 0.002,
      ...(cfg.secret !== undefined ? { secret: cfg.secret } : {}),
    });
    const sim: SimTable = { id: cfg.id, table: table.id, game, board, captures: [] };
    devices.push(sim);
    let n = 0;
    const shoot = (): void => {
      const shot = game.next();
      for (const e of shot.result.events) if (e.type === 'capture') sim.captures.push({ place: e.place, ball: e.ball });
      // Bounded: a table nobody asks about must not grow without end.
      if (sim.captures.length > 64) sim.captures.splice(0, sim.captures.length - 64);
      const sig = signalsFor(game.table, board.profile, shot.result.events, { noise: BAR_NOISE, seed: ++n, colourOf: (b) => game.colourOf(b) });
      board.play(sig.edges);
      later(sig.durationUs / 1000 + every * (0.5 + r()), shoot);
    };
    later(every * r(), shoot);
  }
  log(
    `simulating ${devices.length} table(s) with the real firmware: ${devices.map((d) => `${d.id} (${d.game.kind === 'carom' ? d.game.rules : d.game.kind})`).join(', ')}`,
  );
  return {
    devices,
    async stop() {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      for (const d of devices) d.board.stop();
    },
  };
}
