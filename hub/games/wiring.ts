/**
 * From device events to matches: each table gets a shot assembler fed by its devices' events;
 * what it assembles goes into the table's running match.
 */
import type { VenueConfig } from '../../shared/venue';
import type { Ingest } from '../ingest/pipeline';
import { ShotAssembler, assemblerFor, type AssemblerOptions } from './assembler';
import type { MatchManager } from './matches';
import { hubNow } from '../time/hub-clock';

const realTimers = {
  now: hubNow,
  set: (fn: () => void, ms: number): unknown => setTimeout(fn, ms),
  clear: (h: unknown): void => clearTimeout(h as NodeJS.Timeout),
};

export function wireAssemblers(venue: VenueConfig, ingest: Ingest, matches: MatchManager, overrides: Partial<AssemblerOptions>): ShotAssembler[] {
  const tableOf: Record<string, string> = {};
  const byTable: Record<string, ShotAssembler> = {};
  for (const t of venue.tables) {
    for (const d of t.devices) tableOf[d.id] = t.id;
    byTable[t.id] = new ShotAssembler(
      { ...assemblerFor(t.game), ...overrides },
      (input) => {
        // Errors are the store's (logged by the manager's caller); a sensor must never crash the hub.
        const done = input.kind === 'tag' ? matches.tag(t.id, input.ball, input.t) : matches.sensor(t.id, input.event);
        done.catch((e: Error) => matches.emit('error', e));
      },
      realTimers,
    );
  }
  ingest.on('device-event', (s) => {
    const table = tableOf[s.event.d];
    if (table !== undefined) byTable[table]!.push(s);
  });
  // An explicit "at rest" from a person ends the shot at once.
  matches.on('update', (u) => {
    if (u.event.type === 'at_rest' && u.event.by !== 'hub') byTable[u.table]?.restDeclared();
  });
  return Object.values(byTable);
}
