/**
 * Live stream over WebSocket: every stored device event, device-state change and rejection,
 * as one JSON message each. A new client first gets a hello with the recent events so a page
 * that reconnects after a hub restart is complete again.
 */
import type { FastifyPluginAsync } from 'fastify';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import type { Duplex } from 'node:stream';
import type { HubContext } from '../context';
import type { MatchManager } from '../games/matches';

export const streamPlugin: FastifyPluginAsync<{ hub: HubContext; matches: MatchManager }> = async (app, { hub, matches }) => {
  await app.register(websocket);
  const clients = new Set<WebSocket>();

  /**
   * Sockets held corked until the current tick's work is done: the events of one group commit
   * (hub/ingest/pipeline.ts) leave in one write per client instead of one each. Same frames,
   * same order; they wait for nothing but the end of the current tick.
   */
  const corked = new Set<Duplex>();
  const uncorkAll = (): void => {
    for (const s of corked) s.uncork();
    corked.clear();
  };

  /** `hold`: more frames follow in this tick (cork); otherwise the frame leaves at once. */
  function broadcast(msg: object, hold = false): void {
    if (clients.size === 0) return;
    const text = JSON.stringify(msg);
    for (const c of clients) {
      if (c.readyState !== c.OPEN) continue;
      const sock = hold ? (c as unknown as { _socket?: Duplex })._socket : undefined;
      if (sock && !corked.has(sock)) {
        if (corked.size === 0) process.nextTick(uncorkAll);
        sock.cork();
        corked.add(sock);
      }
      c.send(text);
    }
  }

  // Per event, so nothing is built while no dashboard is connected. First of the listeners: the
  // frame leaves before the shot assembly and the engines run on the same event.
  hub.ingest.prependListener('device-event', (e) => {
    // More events of the same group commit still to come: hold the frame for them. A lone
    // event (the backlog is itself) is written at once, so latency is unchanged.
    if (clients.size > 0) broadcast({ type: 'device-event', ...e }, hub.ingest.backlog > 1);
  });
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
