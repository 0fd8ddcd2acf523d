/**
 * Match set-ups for the browser tests and the screenshots: recorded fixture logs fed into a
 * real hub's match manager, and a golf-billiards stroke that leaves a question for the players.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Hub } from '../../hub/app';
import type { GameEvent } from '../../shared/game/events';
import { Log } from '../../hub/rules/carom/testkit';
import type { Origin } from '../../hub/ingest/pipeline';
import type { HubCommand } from '../../shared/protocol/schema';
import { SimDevice, type Transport } from '../../sim/device';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');

/** Starts a match at `table` from a fixture log and feeds its first `count` events after the start. */
export async function feedFixture(hub: Hub, table: string, file: string, count = Infinity): Promise<void> {
  const lines = readFileSync(path.join(FIXTURES, file), 'utf8').split('\n').filter((l) => l.trim());
  await feedEvents(hub, table, lines.map((l) => JSON.parse(l) as GameEvent), count);
}

/** Starts a match at `table` from a log (first event: start) and feeds `count` events after it. */
export async function feedEvents(hub: Hub, table: string, events: GameEvent[], count = Infinity): Promise<void> {
  const [start, ...rest] = events;
  if (!start || start.type !== 'start') throw new Error('no start event');
  const t0 = Date.now() - (rest.at(-1)?.t ?? 0);
  await hub.matches.start(table, start.players, start.config);
  for (const e of rest.slice(0, count)) {
    if (!hub.matches.current(table)) break; // the engine ended the match (distance reached)
    const { seq: _seq, ...input } = e;
    await hub.matches.input(table, { ...input, t: t0 + e.t } as Parameters<Hub['matches']['input']>[1]);
  }
}

/** Sensor events of golf billiards, as the shot assembler hands them to the match. */
export async function sensor(hub: Hub, table: string, e: Record<string, unknown>): Promise<void> {
  await hub.matches.sensor(table, { by: 'sensor', t: Date.now(), ...e } as GameEvent);
}

/** Opening stroke: leaves the players' question "whose opening ball stopped closest?". */
export async function golfOpening(hub: Hub, table: string): Promise<void> {
  await sensor(hub, table, { type: 'strike' });
  await sensor(hub, table, { type: 'at_rest' });
}

/** Side A's A1 goes straight onto A2 then into goal B: a goal (1–0) the players may annul. */
export async function golfOwnOntoOwn(hub: Hub, table: string): Promise<void> {
  await sensor(hub, table, { type: 'strike', ball: 'A1' });
  await sensor(hub, table, { type: 'contact', a: 'A1', b: 'A2' });
  await sensor(hub, table, { type: 'goal', goal: 'goal-B', ball: 'A1' });
  await sensor(hub, table, { type: 'at_rest' });
}

/** A three-cushion log: `runs[i]` points in inning i, Ayşe (white) and Noam (yellow) in turn. */
export function caromLog(runs: number[], config: Record<string, unknown> = {}): GameEvent[] {
  const log = new Log(['A', 'B'], { lag: false, ...config });
  runs.forEach((run, i) => {
    const ball = i % 2 === 0 ? 'W' : 'Y';
    for (let k = 0; k < run; k++) log.point3c(ball);
    log.miss(ball);
  });
  const [start, ...rest] = log.events as GameEvent[];
  if (start?.type === 'start') start.players = [{ id: 'A', name: 'Ayşe' }, { id: 'B', name: 'Noam' }];
  return [start!, ...rest];
}

/**
 * A simulated device whose lines go straight into the hub's ingest (the same `accept` every
 * link uses), and whose acknowledgements come straight back: the sensor path without a cable.
 */
export function inProcessDevice(hub: Hub, id: string, seen?: HubCommand[]): SimDevice {
  let toDevice: ((cmd: HubCommand) => void) | null = null;
  const origin: Origin = {
    link: 'test:in-process',
    send: (_device, cmd) => {
      seen?.push(cmd);
      toDevice?.(cmd);
    },
  };
  const transport: Transport = {
    send: (msg) => hub.ingest.accept(JSON.stringify(msg), origin),
    onCommand: (cb) => {
      toDevice = cb;
    },
    close: async () => {},
  };
  return new SimDevice(id, transport);
}
