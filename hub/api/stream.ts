/**
 * Live stream over WebSocket: every stored device event, device-state change and rejection,
 * as one JSON message each. A new client first gets a hello with the recent events so a page
 * that reconnects after a hub restart is complete again.
 */
import type { FastifyPluginAsync } from 'fastify';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import type { HubContext } from '../context';
import type { MatchManager } from '../games/matches';

export const streamPlugin: FastifyPluginAsync<{ hub: HubContext; matches: MatchManager }> = async (app, { hub, matches }) => {
  await app.register(websocket);
  const clients = new Set<WebSocket>();

  function broadcast(msg: object): void {
    if (clients.size === 0) return;
    const text = JSON.stringify(msg);
    for (const c of clients) if (c.readyState === c.OPEN) c.send(text);
  }

  hub.ingest.on('device-event', (e) => broadcast({ type: 'device-event', ...e }));
  hub.ingest.on('device-message', (m) => {
    if (m.k === 'st' || m.k === 'hi') broadcast({ type: 'device-status', device: m.d, message: m });
  });
  matches.on('update', (u) => broadcast({ type: 'match', table: u.table, match: u.match, game: u.game, seq: u.seq, summary: u.summary, event: u.event }));
  matches.on('ended', (m) => broadcast({ type: 'match-ended', table: m.table, match: m.id, status: m.status }));
  hub.ingest.on('rejected', (r) => broadcast({ type: 'rejected', device: r.device ?? null, code: r.rejection.code, reason: r.rejection.reason, link: r.link }));

  app.get('/api/stream', { websocket: true }, async (socket) => {
    clients.add(socket);
    socket.on('close', () => clients.delete(socket));
    const events = await hub.store.recentDeviceEvents(50);
    const tables = hub.venue.tables.map((t) => ({ table: t.id, match: matches.current(t.id)?.id ?? null, summary: matches.summaryOf(t.id) }));
    socket.send(JSON.stringify({ type: 'hello', venue: hub.venue, devices: hub.ingest.deviceInfo(), events, tables }));
  });

  app.addHook('onClose', async () => {
    for (const c of clients) c.close(1001, 'hub stopping');
  });
};
