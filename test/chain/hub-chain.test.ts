/**
 * The whole chain in real time: simulated three-cushion games -> sensor signals -> the real
 * firmware (ESP32 build) on simulated boards -> its own MQTT client -> the real Mosquitto -> the
 * hub (ingest, clock sync, shot assembly, match manager) -> the engine. Several tables play at
 * once; each shot is played a few times faster than life (pulse widths kept), and the hub's rest
 * timeout is shortened. Per shot the engine's decision is compared with the ground truth; where
 * the engine asks (a pending decision), a referee answers with the truth, so play stays in step.
 *
 * Tables x shots: AUTOREF_HUB_CHAIN_TABLES (default 6) x AUTOREF_HUB_CHAIN_SHOTS (default 4); golf
 * billiards (the referee of test/chain/golf.ts answering through the hub): AUTOREF_HUB_CHAIN_GB_TABLES
 * (default 5) x AUTOREF_HUB_CHAIN_GB_STROKES (default 7). The tables play at once, so the shots per
 * table set the time (about 25 s and 20 s on a quiet 2-core machine); printed, never raced.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import { newHub, waitFor, type TestHub } from '../helpers/hub';
import { DEMO_VENUE, type VenueConfig } from '../../shared/venue';
import { topicFor } from '../../shared/protocol/wire';
import { SimGame } from '../../sim/players/games';
import { caromOutcome } from '../../sim/players/truth';
import { LiveFirmwareTable } from '../../sim/signals/live';
import { BAR_NOISE, signalsFor } from '../../sim/signals/signals';
import { allowedWrong } from './agreement';
import { followEngine, golfAnswer, golfTruth, type GbReport } from './golf';
import { CHAIN_LIMIT_MS, CHAIN_WAIT_MS, chainTimedAsync } from './sizes';

const MOSQUITTO = process.env['AUTOREF_MOSQUITTO_URL'] ?? 'mqtt://127.0.0.1:1883';
const TABLES = Number(process.env['AUTOREF_HUB_CHAIN_TABLES'] ?? 6);
const SHOTS = Number(process.env['AUTOREF_HUB_CHAIN_SHOTS'] ?? 4);
const GB_TABLES = Number(process.env['AUTOREF_HUB_CHAIN_GB_TABLES'] ?? 5);
const GB_STROKES = Number(process.env['AUTOREF_HUB_CHAIN_GB_STROKES'] ?? 7);
/** Golf balls roll slowly into a goal long after the last knock: a longer rest window than carom's. */
const GB_REST_MS = 1500;
const SCALE = 4;
const REST_MS = 700;

interface Tally {
  shots: number;
  /** Shots no sensor heard (a soft shot that touched nothing sensed): the hub cannot know them. */
  unseen: number;
  decided: number;
  agreedPoints: number;
  agreedTurn: number;
  pending: number;
  /** Points the players really made. */
  truePoints: number;
}

describe('chain through Mosquitto and the hub: three-cushion', () => {
  const cleanup: (() => Promise<unknown> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c();
  });

  it(
    `${TABLES} tables x ${SHOTS} shots: decided outcomes agree with the ground truth`,
    async () => {
      const venue: VenueConfig = {
        ...DEMO_VENUE,
        id: `chain-${randomBytes(4).toString('hex')}`,
        tables: Array.from({ length: TABLES }, (_, i) => ({
          id: `c${i + 1}`,
          name: `Carom ${i + 1}`,
          game: 'three-cushion',
          devices: [{ id: `c${i + 1}-a`, link: 'mqtt' as const, profile: 'carom' }],
        })),
      };
      const hub: TestHub = await newHub({ venue, mqtt: { url: MOSQUITTO }, assembler: { restAfterMs: REST_MS }, decisionDefaultMs: null });
      cleanup.push(() => hub.close());
      const boards = venue.tables.map(
        (t, i) =>
          new LiveFirmwareTable({
            profile: 'carom',
            device: t.devices[0]!.id,
            table: t.id,
            venue: venue.id,
            brokerUrl: MOSQUITTO,
            drift: ((i % 3) - 1) * 0.001,
          }),
      );
      cleanup.push(async () => {
        for (const b of boards) b.stop();
        // Leave no retained status behind on the shared broker.
        const c = await mqtt.connectAsync(MOSQUITTO, { clientId: `clean-${venue.id}` });
        for (const t of venue.tables) await c.publishAsync(topicFor(venue.id, t.id, t.devices[0]!.id, 'status'), '', { retain: true, qos: 1 });
        await c.endAsync();
      });
      await waitFor(() => hub.ingest.deviceInfo().filter((d) => d.state === 'online').length === TABLES, 'every board online at the hub', CHAIN_WAIT_MS);

      const restsAt: Record<string, number> = {};
      hub.matches.on('update', (u) => {
        if (u.event.type === 'at_rest') restsAt[u.table] = (restsAt[u.table] ?? 0) + 1;
      });
      const disagreements: string[] = [];
      const tally: Tally = { shots: 0, unseen: 0, decided: 0, agreedPoints: 0, agreedTurn: 0, pending: 0, truePoints: 0 };
      const players = [
        { id: 'A', name: 'A' },
        { id: 'B', name: 'B' },
      ];
      const config = { lag: false, referee: false, distance: null, shotClockSeconds: null, timeouts: false };

      const playTable = async (table: string, board: LiveFirmwareTable, seed: number): Promise<void> => {
        await hub.matches.start(table, players, config);
        const game = new SimGame('carom', { skill: 0.6, seed });
        for (let i = 0; i < SHOTS; i++) {
          const before = hub.matches.summaryOf(table)!;
          const player = before.turn!;
          game.turn = player;
          const shot = game.next();
          const cue = player === 'A' ? 'W' : 'Y';
          const truth = caromOutcome(shot.result.events, cue);
          const sig = signalsFor(game.table, board.profile, shot.result.events, { noise: BAR_NOISE, seed: seed * 1000 + i, timeScale: SCALE });
          const rests = restsAt[table] ?? 0;
          board.play(sig.edges);
          tally.shots++;
          if (truth.point) tally.truePoints++;
          const heard = sig.edges.some((e) => e.level === 1 && e.pin !== 'out');
          if (!heard) {
            tally.unseen++;
            await new Promise((r) => setTimeout(r, sig.durationUs / 1000 + 50));
            continue;
          }
          await waitFor(() => (restsAt[table] ?? 0) > rests, `the end of shot ${i} on ${table}`, sig.durationUs / 1000 + REST_MS + 8000);
          await hub.matches.idle();
          let after = hub.matches.summaryOf(table)!;
          if (after.pending.length > 0) {
            tally.pending++;
            for (const p of after.pending)
              await hub.matches.input(table, { type: 'decide', by: 'referee', decision: p.id, answer: truth.point ? 'point' : 'miss' });
            after = hub.matches.summaryOf(table)!;
          } else {
            tally.decided++;
            const gained = after.players.find((p) => p.id === player)!.score - before.players.find((p) => p.id === player)!.score;
            if (gained > 0 === truth.point) tally.agreedPoints++;
            else disagreements.push(`${table} shot ${i}: truth ${JSON.stringify(truth)}, engine ${after.headline}`);
            if ((after.turn === player) === truth.point) tally.agreedTurn++;
          }
        }
      };
      await chainTimedAsync('three-cushion through the hub', `${TABLES} tables x ${SHOTS} shots`, () =>
        Promise.all(venue.tables.map((t, i) => playTable(t.id, boards[i]!, 41 + i))),
      );
      console.log('three-cushion through the hub', JSON.stringify(tally), disagreements);
      expect(boards.flatMap((b) => b.errors)).toEqual([]);
      const counters = hub.ingest.counters.snapshot();
      for (const t of venue.tables) expect(counters[t.devices[0]!.id]).toMatchObject({ rejected: {}, lost: 0 });
      expect(tally.shots).toBe(TABLES * SHOTS);
      expect(tally.decided).toBeGreaterThan(0);
      expect(tally.decided - tally.agreedPoints).toBeLessThanOrEqual(allowedWrong(tally.decided));
      expect(tally.decided - tally.agreedTurn).toBeLessThanOrEqual(allowedWrong(tally.decided));
    },
    CHAIN_LIMIT_MS,
  );
});

describe('chain through Mosquitto and the hub: golf billiards', () => {
  const cleanup: (() => Promise<unknown> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c();
  });

  it(
    `${GB_TABLES} tables x ${GB_STROKES} strokes: goals, fouls and turns agree with the ground truth`,
    async () => {
      const venue: VenueConfig = {
        ...DEMO_VENUE,
        id: `chain-gb-${randomBytes(4).toString('hex')}`,
        tables: Array.from({ length: GB_TABLES }, (_, i) => ({
          id: `gb${i + 1}`,
          name: `Bumper pool ${i + 1}`,
          game: 'golf-billiards',
          devices: [{ id: `gb${i + 1}-a`, link: 'mqtt' as const, profile: 'golf-billiards' }],
        })),
      };
      const hub: TestHub = await newHub({ venue, mqtt: { url: MOSQUITTO }, assembler: { restAfterMs: GB_REST_MS }, decisionDefaultMs: null });
      cleanup.push(() => hub.close());
      const boards = venue.tables.map(
        (t, i) =>
          new LiveFirmwareTable({
            profile: 'golf-billiards',
            device: t.devices[0]!.id,
            table: t.id,
            venue: venue.id,
            brokerUrl: MOSQUITTO,
            drift: ((i % 3) - 1) * 0.001,
          }),
      );
      cleanup.push(async () => {
        for (const b of boards) b.stop();
        const c = await mqtt.connectAsync(MOSQUITTO, { clientId: `clean-${venue.id}` });
        for (const t of venue.tables) await c.publishAsync(topicFor(venue.id, t.id, t.devices[0]!.id, 'status'), '', { retain: true, qos: 1 });
        await c.endAsync();
      });
      await waitFor(() => hub.ingest.deviceInfo().filter((d) => d.state === 'online').length === GB_TABLES, 'every board online at the hub', CHAIN_WAIT_MS);

      // The truth of the stroke in play per table, and the true ball of each event no sensor named (by its seq).
      const inPlay: Record<string, { captures: string[][]; offs: string[]; seen: Record<string, number>; unnamed: Map<number, string> }> = {};
      const restsAt: Record<string, number> = {};
      hub.matches.on('update', (u) => {
        if (u.event.type === 'at_rest') restsAt[u.table] = (restsAt[u.table] ?? 0) + 1;
        const play = inPlay[u.table];
        if (!play || u.event.by !== 'sensor') return;
        const e = u.event as { type: string; goal?: string; ball?: string };
        if ((e.type === 'goal' || e.type === 'off_table') && e.ball === undefined) {
          // Goal B has no colour sensor, the out beam none at all: the engine asks whose ball it was.
          const key = e.type === 'goal' ? (e.goal ?? '') : 'out';
          const k = (play.seen[key] = (play.seen[key] ?? -1) + 1);
          const ball = e.type === 'goal' ? play.captures.filter((c) => c[1] === key)[k]?.[0] : play.offs[k];
          if (ball) play.unnamed.set(u.seq, ball);
        } else if (e.type === 'goal') play.seen[e.goal ?? ''] = (play.seen[e.goal ?? ''] ?? -1) + 1;
      });
      const count = {
        strokes: 0,
        unseen: 0,
        silences: 0,
        matches: 0,
        openings: 0,
        turnDecided: 0,
        turnPending: 0,
        turnWrong: 0,
        foulsRight: 0,
        foulsWrong: 0,
        goalsTrue: 0,
        creditedRight: 0,
        creditedWrong: 0,
        refused: 0,
        asked: 0,
        defaultRight: 0,
        forced: 0,
      };
      const wrong: string[] = [];
      const players = [
        { id: 'A', name: 'A', side: 'A' },
        { id: 'B', name: 'B', side: 'B' },
      ];
      const config = { goals: { A: 'a', B: 'b' }, colours: { A: 'white', B: 'red' } };

      const playTable = async (table: string, board: LiveFirmwareTable, seed: number): Promise<void> => {
        await hub.matches.start(table, players, config);
        let setNo = 1;
        const report = (): GbReport => {
          const m = hub.matches.current(table)!;
          return m.engine.report(m.state) as GbReport;
        };
        const game = new SimGame('golf-billiards', { skill: 0.7, seed, follow: true });
        for (let i = 0; i < GB_STROKES; i++) {
          if (!hub.matches.current(table)) {
            // The hub closed the finished match: the next one.
            await hub.matches.start(table, players, config);
            count.matches++;
            setNo = 0;
          }
          const before = report();
          const matchId = hub.matches.current(table)!.id;
          if (before.set.number !== setNo) {
            game.reset();
            setNo = before.set.number;
          }
          game.opening = before.set.phase === 'opening';
          game.turn = before.set.turn ?? 'A';
          const played = game.next();
          const truth = golfTruth(played, game, before.set.zonePlay);
          const ev = played.result.events;
          const sig = signalsFor(game.table, board.profile, ev, {
            noise: BAR_NOISE,
            seed: seed * 1000 + i,
            timeScale: SCALE,
            colourOf: (b) => game.colourOf(b),
          });
          const rests = restsAt[table] ?? 0;
          const strokesBefore = before.strokes.length;
          inPlay[table] = {
            captures: ev.flatMap((e) => (e.type === 'capture' ? [[e.ball, e.place]] : [])),
            offs: ev.flatMap((e) => (e.type === 'off' ? [e.ball] : [])),
            seen: {},
            unnamed: new Map(),
          };
          board.play(sig.edges);
          count.strokes++;
          if (!sig.edges.some((e) => e.level === 1)) {
            // Nothing sensed (a soft stroke off a bumper): the hub cannot know it; the game goes on as the engine has it.
            count.unseen++;
            await new Promise((r) => setTimeout(r, sig.durationUs / 1000 + 50));
            followEngine(game, report());
            continue;
          }
          // A silence longer than the hub's rest window inside the stroke: the hub ends the stroke there.
          const knocks = sig.edges
            .filter((e) => e.level === 1)
            .map((e) => e.us)
            .sort((a, b) => a - b);
          if (knocks.some((k, j) => j > 0 && k - knocks[j - 1]! > GB_REST_MS * 1000)) count.silences++;
          await waitFor(() => (restsAt[table] ?? 0) > rests, `the end of stroke ${i} on ${table}`, sig.durationUs / 1000 + GB_REST_MS + 8000);
          await hub.matches.idle();
          // The stroke may end the match: the hub closes it, and its report comes from the store.
          const live = hub.matches.current(table) !== undefined;
          const scoring = live && hub.matches.summaryOf(table)!.provisional;
          const unnamed = inPlay[table]!.unnamed;
          for (const p of live ? hub.matches.summaryOf(table)!.pending : []) {
            if (p.kind !== 'golf-billiards.goal_ball' && p.kind !== 'golf-billiards.off_ball') continue;
            count.asked++;
            if (p.default === golfAnswer(p, played, game, unnamed)) count.defaultRight++;
          }
          for (let round = 0; live && round < 8 && hub.matches.summaryOf(table)!.pending.length > 0; round++) {
            for (const p of hub.matches.summaryOf(table)!.pending) {
              const answer = golfAnswer(p, played, game, unnamed) ?? p.default ?? p.options[0]?.value ?? '';
              await hub.matches.input(table, { type: 'decide', by: 'referee', decision: p.id, answer });
            }
          }
          const after = live ? report() : ((await hub.matches.details(matchId))!.report as GbReport);
          if (played.opening) count.openings++;
          count.refused += after.rejected.filter((r) => r.code === 'unknown-ball').length - before.rejected.filter((r) => r.code === 'unknown-ball').length;
          const recs = after.strokes.slice(strokesBefore);
          const rec = recs.at(-1);
          if (recs.length !== 1 || !rec) {
            wrong.push(`${table} stroke ${i}: the hub made ${recs.length} strokes of it`);
            count.turnWrong++;
            count.forced += followEngine(game, after);
            continue;
          }
          count.goalsTrue += inPlay[table]!.captures.length;
          for (const g of rec.goals) {
            if (inPlay[table]!.captures.some((c) => c[1] === g.goal && c[0]!.slice(0, 1) === g.ball.slice(0, 1))) count.creditedRight++;
            else count.creditedWrong++;
          }
          const zoneFail = rec.fouls.some((f) => f.name === 'zone_fail');
          if (rec.offTable.length === truth.offTable && zoneFail === truth.zoneFail) count.foulsRight++;
          else {
            count.foulsWrong++;
            wrong.push(
              `${table} stroke ${i}: fouls truth off ${truth.offTable} zone ${truth.zoneFail}; engine ${JSON.stringify(rec.offTable)} ${JSON.stringify(rec.fouls)}`,
            );
          }
          if (rec.setEnd === null && !after.match.finished) {
            if (scoring) count.turnPending++;
            else count.turnDecided++;
            const engineNext = after.set.phase === 'opening' ? null : after.set.turn;
            if (engineNext !== truth.next) {
              count.turnWrong++;
              wrong.push(`${table} stroke ${i}: truth next ${truth.next}, engine ${engineNext} ${JSON.stringify(rec)}`);
            }
          }
          count.forced += followEngine(game, after);
        }
        delete inPlay[table];
      };
      await chainTimedAsync('golf billiards through the hub', `${GB_TABLES} tables x ${GB_STROKES} strokes`, () =>
        Promise.all(venue.tables.map((t, i) => playTable(t.id, boards[i]!, 61 + i))),
      );
      console.log('golf billiards through the hub', JSON.stringify(count), wrong);
      expect(boards.flatMap((b) => b.errors)).toEqual([]);
      const counters = hub.ingest.counters.snapshot();
      for (const t of venue.tables) expect(counters[t.devices[0]!.id]).toMatchObject({ rejected: {}, lost: 0 });
      expect(count.openings).toBeGreaterThan(0);
      // Goal B and the out beam name no ball: each such ball is asked, never refused.
      expect(count.refused).toBe(0);
      // A stroke the hub's rest window splits (a long silence before a slow goal): rare, allowed within
      // the slack (docs/simulator.md).
      expect(count.creditedWrong).toBeLessThanOrEqual(allowedWrong(count.goalsTrue));
      expect(count.creditedRight).toBeGreaterThanOrEqual(count.goalsTrue - allowedWrong(count.goalsTrue));
      expect(count.forced).toBeLessThanOrEqual(allowedWrong(count.strokes));
      expect(count.foulsWrong).toBeLessThanOrEqual(allowedWrong(count.strokes - count.unseen));
      expect(count.turnWrong).toBeLessThanOrEqual(allowedWrong(count.strokes - count.unseen));
    },
    CHAIN_LIMIT_MS,
  );
});
