/**
 * Tables and matches: start, inputs (referee calls, player choices, answers to pending
 * decisions), corrections, end; history. Bodies are validated by the shared schemas.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { GameEventSchemas, PlayerSetup, isCorrection, type GameEvent } from '../../shared/game/events';
import { ScoreSheet } from '../../shared/game/sheets/index';
import { AutorefError } from '../../shared/errors';
import type { HubContext } from '../context';
import { RulesRefusal, type MatchManager, type InputEvent } from '../games/matches';
import { refusalText } from '../games/refusals';
import { hubNow } from '../time/hub-clock';
import { accessOf, requireTableOrVenue, requireVenue, type Auth } from './auth';

const TableParams = Type.Object({ table: Type.String({ maxLength: 32 }) });
const MatchParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
const StartBody = Type.Object(
  {
    players: Type.Array(PlayerSetup, { minItems: 1, maxItems: 400 }),
    config: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    who: Type.Optional(Type.String({ maxLength: 80 })),
    /** Continue from a score sheet (docs/score-sheet.md): the referee's (venue PIN) only. */
    sheet: Type.Optional(ScoreSheet),
  },
  { additionalProperties: false },
);
/** Any game event but `start`, without seq (the hub places it); `t` optional (the hub stamps it). */
const inputSchemas = Object.entries(GameEventSchemas)
  .filter(([k]) => k !== 'start')
  .map(([, s]) => Type.Omit(s, ['seq', 't']));
const InputBody = Type.Intersect([Type.Union(inputSchemas), Type.Object({ t: Type.Optional(Type.Number()) })]);
const EndBody = Type.Object(
  {
    status: Type.Optional(Type.Union([Type.Literal('finished'), Type.Literal('abandoned')])),
    who: Type.Optional(Type.String({ maxLength: 80 })),
    why: Type.Optional(Type.String({ maxLength: 400 })),
  },
  { additionalProperties: false },
);
const ListQuery = Type.Object({
  table: Type.Optional(Type.String({ maxLength: 32 })),
  status: Type.Optional(Type.Union([Type.Literal('playing'), Type.Literal('finished'), Type.Literal('abandoned')])),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
});

/**
 * A refusal by the rules goes out as AR_RULES_REFUSED (422) with the engine's own code as `rule`,
 * so the page can say in its language what was wrong; any other error goes to the error handler.
 */
function refused(reply: FastifyReply): (e: unknown) => null {
  return (e) => {
    if (!(e instanceof RulesRefusal)) throw e;
    void reply.status(e.statusCode).send({ error: { code: e.code, message: e.message, rule: e.rejection.code } });
    return null;
  };
}

export const matchesPlugin: FastifyPluginAsync<{ hub: HubContext; matches: MatchManager; token: Auth }> = async (app, { hub, matches, token }) => {
  const venueOnly = { onRequest: requireVenue(token) };
  const tableOrVenue = { onRequest: requireTableOrVenue(token) };

  app.get('/api/tables', async () => ({
    tables: hub.venue.tables.map((t) => ({ ...t, match: matches.current(t.id)?.id ?? null, summary: matches.summaryOf(t.id) })),
  }));

  app.post('/api/tables/:table/matches', { ...tableOrVenue, schema: { params: TableParams, body: StartBody } }, async (req, reply) => {
    const { table } = req.params as Static<typeof TableParams>;
    const body = req.body as Static<typeof StartBody>;
    // A score sheet sets the score: players at the table may start a match, not hand themselves points.
    if (body.sheet && accessOf(req) !== 'venue') throw new AutorefError('AR_UNAUTHORIZED', 'continuing from a score sheet needs the venue PIN (the referee)');
    const rec = await matches.start(table, body.players, body.config, body.who, body.sheet).catch(refused(reply));
    if (!rec) return reply;
    return reply.status(201).send({ match: rec, summary: matches.summaryOf(table) });
  });

  app.post('/api/tables/:table/input', { ...tableOrVenue, schema: { params: TableParams, body: InputBody } }, async (req, reply) => {
    const { table } = req.params as Static<typeof TableParams>;
    const input = req.body as InputEvent;
    if (accessOf(req) === 'table') {
      // Players at the table: their own calls and answers to the questions put to them.
      const open = matches.summaryOf(table)?.pending ?? [];
      const forPlayers = input.type === 'decide' && open.some((d) => d.id === input.decision && d.answeredBy === 'players');
      if (!(forPlayers || input.type === 'ref' || input.type === 'claim' || input.type === 'dispute'))
        throw new AutorefError(
          'AR_UNAUTHORIZED',
          'the table token allows player calls and answers to questions for the players; corrections need the venue token',
        );
      input.by = 'player';
    } else {
      // The venue token is the referee's or the staff's: an input that does not say who made it is theirs.
      input.by ??= 'referee';
    }
    // A claim window and a probability are the hub's to log, never a person's.
    if (input.type === 'decide' && (input.claim !== undefined || input.probability !== undefined))
      throw new AutorefError('AR_BAD_REQUEST', 'an answer says only the decision and the answer: "claim" and "probability" are logged by the hub');
    // A claim's time is when the hub hears it: the window is judged on the hub's clock, not the sender's.
    if (input.type === 'claim' || input.type === 'dispute') delete input.t;
    // Nothing is deleted from a log, so a correction must say why it was made (it is shown with it).
    if (isCorrection(input as GameEvent) && !input.why?.trim()) throw new AutorefError('AR_BAD_REQUEST', `a correction (${input.type}) needs a reason: "why"`);
    const u = await matches.input(table, input).catch(refused(reply));
    if (!u) return reply;
    return { seq: u.seq, summary: u.summary };
  });

  app.post('/api/tables/:table/end', { ...tableOrVenue, schema: { params: TableParams, body: EndBody } }, async (req) => {
    const { table } = req.params as Static<typeof TableParams>;
    const b = req.body as Static<typeof EndBody>;
    return { match: await matches.end(table, b.status ?? 'abandoned', b.who, b.why) };
  });

  app.get('/api/tables/:table/live', { schema: { params: TableParams } }, async (req) => {
    const { table } = req.params as Static<typeof TableParams>;
    if (!hub.venue.tables.some((t) => t.id === table)) throw new AutorefError('AR_NOT_FOUND', `table ${table}`);
    const m = matches.current(table);
    // `now`: the hub's time as it answers. The clocks in the report (shot, turn, stroke) are on the
    // hub's timeline; a page counts them down from this, not from its own clock, which may be off.
    // `refused`: the match's latest events its rules refused (a sensor's goal it cannot place), with their device.
    const refusals = m?.refusals.map((r) => ({
      seq: r.rejection.seq ?? null,
      type: r.rejection.type,
      code: r.rejection.code,
      reason: r.rejection.reason,
      text: refusalText(r),
      device: r.source?.device ?? null,
    }));
    return m
      ? { match: m.id, game: m.game, seq: m.seq, summary: matches.summaryOf(table), report: m.engine.report(m.state), refused: refusals, now: hubNow() }
      : { match: null };
  });

  app.get('/api/tables/:table/token', { ...venueOnly, schema: { params: TableParams } }, async (req) => {
    const { table } = req.params as Static<typeof TableParams>;
    if (!hub.venue.tables.some((t) => t.id === table)) throw new AutorefError('AR_NOT_FOUND', `table ${table}`);
    return { table, token: token.tableToken(table) };
  });

  app.get('/api/matches', { schema: { querystring: ListQuery } }, async (req) => {
    const q = req.query as Static<typeof ListQuery>;
    return { matches: await hub.store.listMatches(q) };
  });

  app.get('/api/matches/:id', { schema: { params: MatchParams } }, async (req) => {
    const d = await matches.details((req.params as Static<typeof MatchParams>).id);
    if (!d) throw new AutorefError('AR_NOT_FOUND', 'match');
    return d;
  });

  app.get('/api/matches/:id/events', { schema: { params: MatchParams } }, async (req) => {
    const id = (req.params as Static<typeof MatchParams>).id;
    if (!(await hub.store.getMatch(id))) throw new AutorefError('AR_NOT_FOUND', 'match');
    return { events: await hub.store.gameEvents(id) };
  });
};
