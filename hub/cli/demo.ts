/**
 * The demo's matches: with the simulated venue, every table that is not already playing gets the
 * match its game's catalogue entry names (`demo`), so a new user sees live scores at once.
 */
import type { Hub } from '../app';
import type { MatchUpdate } from '../games/matches';
import { gameEntry } from '../../shared/game/catalogue';
import type { SimTable } from '../../sim/venue';

export async function startDemoMatches(hub: Hub, log: (line: string) => void): Promise<number> {
  let n = 0;
  for (const t of hub.venue.tables) {
    const demo = gameEntry(t.game).demo;
    if (!demo || hub.matches.current(t.id)) continue;
    try {
      await hub.matches.start(t.id, [...demo.players], demo.config ? { ...demo.config } : undefined, 'demo');
      for (const c of demo.then ?? []) await hub.matches.input(t.id, { type: 'ref', call: c.call, player: c.player, by: 'referee', who: 'demo' });
      n++;
    } catch (e) {
      log(`demo match on ${t.id} not started: ${(e as Error).message}`);
    }
  }
  return n;
}

/**
 * The demo's players answer what only they can see: which ball fell into a pocket (a pocket beam
 * names no ball). In a venue the players tap it on the phone view; here the simulated table says
 * which ball it dropped there. Questions nobody can answer from that stay for a person.
 */
export function answerDemoIdentities(hub: Hub, sims: readonly SimTable[]): () => void {
  const pocketOf = new Map<string, string>(); // "match/seq" -> pocket of an unnamed capture, until answered
  const onUpdate = (u: MatchUpdate): void => {
    const sim = sims.find((x) => x.table === u.table);
    if (!sim) return;
    const e = u.event;
    if (e.type === 'pocket' && e.captured && e.ball === undefined && e.seq !== undefined) pocketOf.set(`${u.match}/${e.seq}`, e.pocket);
    for (const d of u.summary.pending) {
      if (d.kind !== 'pocket.ball-identity') continue;
      const key = `${u.match}/${d.id.slice('event-'.length, d.id.indexOf(':'))}`;
      const pocket = pocketOf.get(key);
      const i = sim.captures.findIndex((c) => c.place === pocket);
      if (pocket === undefined || i < 0 || !d.options.some((o) => o.value === sim.captures[i]!.ball)) continue;
      const ball = sim.captures.splice(i, 1)[0]!.ball;
      // Forgotten once answered: the map holds only captures still waiting for their name.
      pocketOf.delete(key);
      // After this update is out: answering inside it would nest one input in another.
      setImmediate(() => {
        hub.matches.input(u.table, { type: 'decide', decision: d.id, answer: ball, by: 'player', who: 'demo' }).catch(() => {});
      });
    }
  };
  hub.matches.on('update', onUpdate);
  return () => hub.matches.off('update', onUpdate);
}
