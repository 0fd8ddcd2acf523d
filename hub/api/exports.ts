/**
 * Exports: matches and player statistics as CSV and JSON; minigolf scorecards and results as
 * CSV and as a printable page (the engine's own pure exporters, through the registry:
 * RulesEngine.exportFile). Reads, open like the others.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { AutorefError } from '../../shared/errors';
import type { GameSummary } from '../../shared/game/engine';
import type { HubContext } from '../context';
import type { MatchManager } from '../games/matches';
import { getEngine } from '../rules/registry';
import { replay } from '../rules/common/replay';
import { csvField } from '../rules/common/csv';
import { playerStats } from './players';

const MatchParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
const ListQuery = Type.Object({
  table: Type.Optional(Type.String({ maxLength: 32 })),
  status: Type.Optional(Type.Union([Type.Literal('playing'), Type.Literal('finished'), Type.Literal('abandoned')])),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
});

function csv(rows: (string | number | boolean | null)[][]): string {
  return rows.map((r) => r.map(csvField).join(',')).join('\n') + '\n';
}

function iso(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}

function download(reply: FastifyReply, type: string, name: string, body: string): FastifyReply {
  return reply.type(type).header('content-disposition', `attachment; filename="${name}"`).send(body);
}

export const exportsPlugin: FastifyPluginAsync<{ hub: HubContext; matches: MatchManager }> = async (app, { hub, matches }) => {
  async function list(q: Static<typeof ListQuery>) {
    return (await hub.store.listMatches({ ...q, limit: q.limit ?? 1000 })).map((m) => ({ ...m, summary: m.summary as GameSummary | null }));
  }

  app.get('/api/exports/matches.json', { schema: { querystring: ListQuery } }, async (req, reply) =>
    download(reply, 'application/json; charset=utf-8', 'matches.json', JSON.stringify({ matches: await list(req.query as Static<typeof ListQuery>) }, null, 1)),
  );

  app.get('/api/exports/matches.csv', { schema: { querystring: ListQuery } }, async (req, reply) => {
    const rows: (string | number | boolean | null)[][] = [['id', 'table', 'game', 'status', 'started', 'ended', 'winner', 'players', 'headline', 'from_sheet']];
    for (const m of await list(req.query as Static<typeof ListQuery>)) {
      const s = m.summary;
      const winner = s?.winner ? (s.players.find((p) => p.id === s.winner || p.side === s.winner)?.name ?? s.winner) : null;
      rows.push([
        m.id,
        m.table,
        m.game,
        m.status,
        iso(m.startedAt),
        iso(m.endedAt),
        winner,
        (s?.players ?? []).map((p) => `${p.name} ${p.score}`).join('; '),
        s?.headline ?? null,
        // The match continued from a score sheet: its figures include what the sheet carried.
        s?.fromSheet === true,
      ]);
    }
    return download(reply, 'text/csv; charset=utf-8', 'matches.csv', csv(rows));
  });

  app.get('/api/exports/players.json', async (_req, reply) =>
    download(reply, 'application/json; charset=utf-8', 'players.json', JSON.stringify(await playerStats(hub, matches), null, 1)),
  );

  app.get('/api/exports/players.csv', async (_req, reply) => {
    const s = await playerStats(hub, matches);
    const rows: (string | number | boolean | null)[][] = [
      ['section', 'player', 'games', 'wins', 'draws', 'losses', 'points', 'innings', 'average', 'high_run', 'best_average'],
    ];
    for (const p of s.players) rows.push(['all', p.name, p.games, p.wins, p.draws, p.losses, null, null, null, null, null]);
    for (const p of s.carom) rows.push(['carom', p.name, p.games, p.wins, p.draws, p.losses, p.points, p.innings, p.average, p.highRun, p.bestSingleAverage]);
    rows.push([], ['section', 'lane', 'plays', 'average_strokes', 'holes_in_one', 'maximum_scores']);
    for (const l of s.lanes) rows.push(['minigolf-lane', l.lane, l.plays, l.average, l.aces, l.max]);
    return download(reply, 'text/csv; charset=utf-8', 'players.csv', csv(rows));
  });

  /** An engine's printable export of a match (RulesEngine.exportFile: minigolf's scorecards and results), from its replayed state. */
  async function exportOf(id: string, name: string): Promise<string> {
    const rec = await hub.store.getMatch(id);
    if (!rec) throw new AutorefError('AR_NOT_FOUND', 'match');
    const engine = getEngine(rec.game);
    if (!engine?.exportFile) throw new AutorefError('AR_BAD_REQUEST', `scorecards are for minigolf matches; this one is ${rec.game}`);
    const out = engine.exportFile(name, replay(engine, await hub.store.gameEvents(id)).game);
    if (out === null) throw new AutorefError('AR_NOT_FOUND', name);
    return out;
  }

  const idOf = (req: { params: unknown }) => (req.params as Static<typeof MatchParams>).id;
  app.get('/api/matches/:id/scorecards.html', { schema: { params: MatchParams } }, async (req, reply) =>
    reply.type('text/html; charset=utf-8').send(await exportOf(idOf(req), 'scorecards.html')),
  );
  for (const name of ['scorecards.csv', 'team-results.csv', 'results.csv']) {
    app.get(`/api/matches/:id/${name}`, { schema: { params: MatchParams } }, async (req, reply) =>
      download(reply, 'text/csv; charset=utf-8', name, await exportOf(idOf(req), name)),
    );
  }
};
