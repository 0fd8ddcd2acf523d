/**
 * GET /api/tables/:table/recent: what the referee panel lists beside the live state (#/ref/<table>,
 * docs/dashboard.md). The last shots in force, as "undo" takes them back one by one (who played
 * each, the score it left and what it changed); the decisions answered in force with the question
 * as it was asked, so the panel's "change" offers its answers (an `override` sends one); whether
 * undo and redo can do anything now; and the places the table's sensors report (the pockets a called
 * shot names). Read from the match log by the replay every restart runs (hub/rules/common/replay.ts):
 * what is listed is what the log says, corrections included. Reads are open, like /live.
 */
import type { FastifyPluginAsync } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import type { GameEvent } from '../../shared/game/events';
import type { GameSummary, PendingDecision, RulesEngine } from '../../shared/game/engine';
import type { RecentDecision, RecentShot, RecentView } from '../../shared/api/recent';
import { AutorefError } from '../../shared/errors';
import type { HubContext } from '../context';
import type { MatchManager } from '../games/matches';
import { replay, toArray } from '../rules/common/replay';
import { profilesFrom, tableSensors, type ProfileLookup } from '../games/table-config';

export type { RecentDecision, RecentShot, RecentView };

const SHOTS = 6;
const DECIDED = 12;

function shotEnds<S>(engine: RulesEngine<S>, e: GameEvent): boolean {
  return engine.isShotEnd ? engine.isShotEnd(e) : e.type === 'at_rest';
}

/** Indexes (into `events`) of each shot's first and last event: the segments "undo" takes back one at a time. */
function segments<S>(engine: RulesEngine<S>, events: readonly GameEvent[]): { from: number; to: number; open: boolean }[] {
  const out: { from: number; to: number; open: boolean }[] = [];
  let from = events[0]?.type === 'start' ? 1 : 0;
  for (let i = from; i < events.length; i++) {
    if (!shotEnds(engine, events[i]!)) continue;
    out.push({ from, to: i, open: false });
    from = i + 1;
  }
  if (from < events.length) out.push({ from, to: events.length - 1, open: true });
  return out;
}

function scoresOf(s: GameSummary, before: GameSummary): RecentShot['scores'] {
  return s.players.map((p) => ({ id: p.id, score: p.score, change: p.score - (before.players.find((x) => x.id === p.id)?.score ?? 0) }));
}

/** The question without what the hub adds while it is open (its countdown). */
function asAsked(d: PendingDecision): PendingDecision {
  const { defaultAt: _at, ...rest } = d;
  return rest;
}

/**
 * The shots and answered decisions of a match log, as the replay puts them in force. Pure. The
 * engine's summary is read before each answer (the question's options) and at the edges of the
 * shots listed, not after every event.
 */
export function recentOf<S>(
  engine: RulesEngine<S>,
  log: readonly GameEvent[],
  keep = { shots: SHOTS, decided: DECIDED },
): Omit<RecentView, 'match' | 'seq' | 'places'> {
  const m = replay(engine, log);
  const events = toArray(m.inForce);
  const segs = segments(engine, events);
  const listed = segs.slice(-keep.shots);
  // Summaries wanted: before each listed shot and after the last one.
  const edges = new Set<number>([...listed.map((x) => x.from), ...listed.map((x) => x.to + 1)]);
  const at = new Map<number, GameSummary>();
  const decided: RecentDecision[] = [];
  let state = engine.initial();
  for (let i = 0; i <= events.length; i++) {
    const e = events[i];
    const before = edges.has(i) || e?.type === 'decide' ? engine.summary(state) : null;
    if (edges.has(i)) at.set(i, before!);
    if (!e) break;
    if (e.type === 'decide') {
      const asked = before!.pending.find((d) => d.id === e.decision);
      if (asked) decided.push({ decision: asAsked(asked), answer: e.answer, by: e.by ?? null, who: e.who ?? null, seq: e.seq ?? i });
    }
    state = engine.reduce(state, e);
  }
  const shots = listed.map((x, k): RecentShot => {
    const first = at.get(x.from)!;
    const last = at.get(x.to + 1)!;
    const strike = events.slice(x.from, x.to + 1).find((e) => e.type === 'strike');
    const named = strike?.type === 'strike' ? strike.player : undefined;
    // While a question was open the turn was a reading the answer may have changed since: not said.
    const turn = first.pending.length === 0 ? first.turn : null;
    return {
      n: segs.length - listed.length + k + 1,
      from: events[x.from]!.seq ?? x.from,
      to: events[x.to]!.seq ?? x.to,
      player: named ?? turn,
      scores: scoresOf(last, first),
      open: x.open,
    };
  });
  return { shots: shots.reverse(), decided: decided.reverse().slice(0, keep.decided), undo: events.length > 1, redo: m.undone.length };
}

const Params = Type.Object({ table: Type.String({ maxLength: 32 }) });

export const recentPlugin: FastifyPluginAsync<{ hub: HubContext; matches: MatchManager; profiles?: ProfileLookup }> = async (
  app,
  { hub, matches, profiles = profilesFrom() },
) => {
  // The last answer per table: a panel asks again after every event, most of them of another table.
  const kept = new Map<string, RecentView>();
  app.get('/api/tables/:table/recent', { schema: { params: Params } }, async (req) => {
    const { table } = req.params as Static<typeof Params>;
    const conf = hub.venue.tables.find((t) => t.id === table);
    if (!conf) throw new AutorefError('AR_NOT_FOUND', `table ${table}`);
    const m = matches.current(table);
    if (!m) return { match: null };
    const had = kept.get(table);
    if (had && had.match === m.id && had.seq === m.seq) return had;
    const places: Record<string, string[]> = {};
    for (const s of tableSensors(conf, profiles).sensors) {
      if (s.place === undefined) continue;
      const list = (places[s.event] ??= []);
      if (!list.includes(s.place)) list.push(s.place);
    }
    const log = await hub.store.gameEvents(m.id);
    const view: RecentView = { match: m.id, seq: log.at(-1)?.seq ?? m.seq, ...recentOf(m.engine, log), places };
    kept.set(table, view);
    return view;
  });
};
