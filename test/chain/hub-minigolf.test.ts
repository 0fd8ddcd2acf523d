/**
 * Minigolf through the whole chain in real time: simulated putts on several lanes of one course at
 * once -> sensor signals with bar noise -> the real firmware (ESP32 build, the stock `minigolf-lane`
 * profile) of one lane device per lane -> its own MQTT client -> the real Mosquitto -> the hub (ingest,
 * clock sync, one shot assembler per lane, match manager) -> the minigolf engine; every lane score the
 * engine writes is compared with the truth (holed in n strokes, or 7 after the sixth, MG-SCORE-2), and
 * the totals.
 *
 * Lane numbers: the stock profile's places are `tee` and `cup`; the venue config names the lane each
 * device serves (`lane` on the device), and the hub gives its strokes and holes that lane.
 *
 * Groups start on different lanes (a shotgun start, MG-ORDER-1) and take turns: a wave is one stroke
 * of each of up to AUTOREF_HUB_CHAIN_MG_AT_ONCE groups (default 3; round robin) whose lane is free
 * (MG-ORDER-4), each on its own lane device, all struck at once: balls roll on several lanes together.
 * The hub ends each lane's stroke at its hole or after its own rest window (a hole on one lane does
 * not end another lane's stroke). Lanes x groups: AUTOREF_HUB_CHAIN_MG_LANES (default 6) x
 * AUTOREF_HUB_CHAIN_MG_GROUPS (default 3, one player each). Under ~25 s on 2 cores. A group that
 * catches up with another waits (MG-ORDER-4). The hub's `at_rest` names its lane (one shot assembler
 * per lane device) and the engine stops only that lane's ball on it. Strokes the engine refuses as
 * unattributed are counted: a lane device's stroke names no player, and when two groups stand at a
 * lane neither has started the engine does not guess whose it is.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import { newHub, waitFor, type TestHub } from '../helpers/hub';
import { DEMO_VENUE, type VenueConfig } from '../../shared/venue';
import { topicFor } from '../../shared/protocol/wire';
import type { TableProfile } from '../../shared/profile';
import { loadProfile } from '../../firmware/build/build';
import { SimGame } from '../../sim/players/games';
import { LiveFirmwareTable } from '../../sim/signals/live';
import { BAR_NOISE, signalsFor } from '../../sim/signals/signals';
import { allowedWrong } from './agreement';
import { CHAIN_LIMIT_MS, CHAIN_WAIT_MS } from './sizes';

const MOSQUITTO = process.env['AUTOREF_MOSQUITTO_URL'] ?? 'mqtt://127.0.0.1:1883';
const LANES = Number(process.env['AUTOREF_HUB_CHAIN_MG_LANES'] ?? 6);
const GROUPS = Number(process.env['AUTOREF_HUB_CHAIN_MG_GROUPS'] ?? 3);
/** Groups striking in one wave (balls rolling at once on different lanes). */
const AT_ONCE = Number(process.env['AUTOREF_HUB_CHAIN_MG_AT_ONCE'] ?? 3);
const SCALE = 8;
/** A putt rolls silently (no sensor along the lane) for up to ~6 s real: the window must outlast it. */
const REST_MS = 1200;

type MgReport = {
  status: string;
  players: { id: string; total: number; rounds: { lanes: (number | null)[] }[]; lane: { lane: number; round: number; strokes: number; ball: string } | null }[];
  groups: { id: string; round: number; lane: number | null; order: string[]; toPlay: string | null; done: boolean }[];
  pending: { id: string; kind: string; options: { value: string }[] }[];
  rejected: { type: string; code: string; reason?: string }[];
};

describe('chain through Mosquitto and the hub: minigolf', () => {
  const cleanup: (() => Promise<unknown> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c();
  });

  it(
    `${LANES} lane devices, ${GROUPS} groups (${AT_ONCE} ball(s) rolling at once): every lane score the engine writes is the truth (MG-SCORE-1, MG-SCORE-2, MG-ORDER-1)`,
    async () => {
      const table = 'mg';
      const venue: VenueConfig = {
        ...DEMO_VENUE,
        id: `chain-mg-${randomBytes(4).toString('hex')}`,
        tables: [
          {
            id: table,
            name: 'Minigolf course',
            game: 'minigolf',
            devices: Array.from({ length: LANES }, (_, k) => ({ id: `mg-l${k + 1}`, link: 'mqtt' as const, profile: 'minigolf-lane', lane: k + 1 })),
          },
        ],
      };
      const hub: TestHub = await newHub({ venue, mqtt: { url: MOSQUITTO }, assembler: { restAfterMs: REST_MS }, decisionDefaultMs: null });
      cleanup.push(() => hub.close());
      const stock = loadProfile('minigolf-lane') as TableProfile;
      const boards = venue.tables[0]!.devices.map(
        (d, k) => new LiveFirmwareTable({ profile: stock, device: d.id, table, venue: venue.id, brokerUrl: MOSQUITTO, drift: ((k % 3) - 1) * 0.001 }),
      );
      cleanup.push(async () => {
        for (const b of boards) b.stop();
        const c = await mqtt.connectAsync(MOSQUITTO, { clientId: `clean-${venue.id}` });
        for (const d of venue.tables[0]!.devices) await c.publishAsync(topicFor(venue.id, table, d.id, 'status'), '', { retain: true, qos: 1 });
        await c.endAsync();
      });
      await waitFor(() => hub.ingest.deviceInfo().filter((d) => d.state === 'online').length === LANES, 'every lane device online at the hub', CHAIN_WAIT_MS);

      let rests = 0;
      let holes = 0;
      hub.matches.on('update', (u) => {
        if (u.table === table && u.event.type === 'at_rest') rests++;
        if (u.table === table && u.event.type === 'hole') holes++;
      });
      const ids = Array.from({ length: GROUPS }, (_, g) => `P${g + 1}`);
      const groups = ids.map((id, g) => ({ id: `g${g + 1}`, players: [id], startLane: 1 + Math.floor((g * LANES) / GROUPS) }));
      const match = await hub.matches.start(
        table,
        ids.map((id) => ({ id, name: id })),
        { lanes: LANES, rounds: 1, groups },
      );
      // The hub closes a finished match: its report then comes from the store.
      const report = async (): Promise<MgReport> => {
        const m = hub.matches.current(table);
        return (m ? m.engine.report(m.state) : (await hub.matches.details(match.id))!.report) as MgReport;
      };
      // One simulated ball per group (its player plays the lane until holed or the sixth stroke).
      const sims = Object.fromEntries(groups.map((g, k) => [g.id, new SimGame('minigolf', { skill: 0.5, seed: 80 + k })]));
      const onLane: Record<string, number> = {};
      const truthCard: Record<string, number[]> = Object.fromEntries(ids.map((id) => [id, []]));
      const count = {
        waves: 0,
        strokes: 0,
        strokesHeard: 0,
        holedTrue: 0,
        lanesTrue: 0,
        lanesRight: 0,
        lanesWrong: 0,
        totalsRight: 0,
        totalsWrong: 0,
        waited: 0,
        asked: 0,
        maxRollMs: 0,
        maxAtOnce: 0,
      };
      const asked: Record<string, number> = {};
      const wrong: string[] = [];
      for (let wave = 0; wave < LANES * GROUPS * 6 + 5; wave++) {
        const before = await report();
        if (before.status !== 'playing') break;
        const open = before.groups.filter((g) => !g.done && g.toPlay !== null && g.lane !== null);
        if (open.length === 0) break;
        // Round robin: the groups after the last one that played first.
        const live = [...open.slice(wave % open.length), ...open.slice(0, wave % open.length)];
        // MG-ORDER-4: a group waits while another group is on its lane and has touched it.
        const claimed = new Set<number>();
        const due = live.filter((g) => {
          const started = (h: (typeof live)[number]): boolean =>
            before.players.some(
              (p) => h.order.includes(p.id) && ((p.lane?.lane === h.lane && p.lane.strokes > 0) || p.rounds[h.round - 1]?.lanes[h.lane! - 1] != null),
            );
          const touched = live.some((h) => h !== g && h.lane === g.lane && (claimed.has(h.lane!) || started(h)));
          if (touched || claimed.has(g.lane!)) {
            count.waited++;
            return false;
          }
          if (claimed.size >= AT_ONCE) return false;
          claimed.add(g.lane!);
          return true;
        });
        const restsBefore = rests;
        const holesBefore = holes;
        let longest = 0;
        const plays = due.map((g) => {
          const player = g.toPlay!;
          const sim = sims[g.id]!;
          sim.turn = player;
          const played = sim.next();
          const res = played.result;
          const sig = signalsFor(sim.table, stock, res.events, { noise: BAR_NOISE, seed: wave * 100 + Number(g.id.slice(1)), timeScale: SCALE });
          boards[g.lane! - 1]!.play(sig.edges);
          longest = Math.max(longest, sig.durationUs / 1000);
          count.maxRollMs = Math.max(count.maxRollMs, res.duration * 1000);
          count.strokes++;
          const heard = sig.edges.some((e) => e.pin === 'tee' && e.level === 1);
          if (heard) count.strokesHeard++;
          onLane[player] = (onLane[player] ?? 0) + 1;
          const holed = res.events.some((e) => e.type === 'capture');
          if (holed) count.holedTrue++;
          // The lane's stroke ends at its hole, or at rest after its last knock or exit (a knock after
          // the hole, noise, starts a stroke of its own that comes to rest).
          const holeAt = sig.edges.find((e) => e.pin === 'cup')?.us ?? Infinity;
          const endsAtRest = sig.edges.some((e) => ((e.pin === 'tee' && e.level === 1) || e.pin === 'out') && e.us > (holed ? holeAt : -1));
          return { player, lane: g.lane!, round: g.round, holed, heard, endsAtRest, done: !played.keepsTurn };
        });
        count.waves++;
        count.maxAtOnce = Math.max(count.maxAtOnce, plays.length);
        // The wave is over when every ball has stopped and the hub has said so: each lane at its hole
        // or its own at_rest (a stroke nobody heard that was not holed: nothing comes).
        await new Promise((r) => setTimeout(r, longest + 50));
        const needRests = plays.filter((p) => p.endsAtRest).length;
        const needHoles = plays.filter((p) => p.holed).length;
        await waitFor(() => rests - restsBefore >= needRests && holes - holesBefore >= needHoles, `the end of wave ${wave}`, REST_MS + 8000);
        await hub.matches.idle();
        // The referee answers what the engine asks (a hole with no stroke heard: the stroke was made).
        for (const p of (await report()).pending) {
          asked[p.kind] = (asked[p.kind] ?? 0) + 1;
          count.asked++;
          const answer = p.options.some((o) => o.value === 'stroke') ? 'stroke' : p.options[0]!.value;
          await hub.matches.input(table, { type: 'decide', by: 'referee', decision: p.id, answer });
        }
        const after = await report();
        for (const p of plays.filter((x) => x.done)) {
          // The player's lane is over: holed in n strokes, or 7 after the sixth (MG-SCORE-2).
          const score = p.holed ? onLane[p.player]! : 7;
          onLane[p.player] = 0;
          truthCard[p.player]!.push(score);
          count.lanesTrue++;
          const written = after.players.find((x) => x.id === p.player)!.rounds[p.round - 1]?.lanes[p.lane - 1];
          if (written === score) count.lanesRight++;
          else {
            count.lanesWrong++;
            wrong.push(`lane ${p.lane} ${p.player}: truth ${score} (${p.holed ? 'holed' : 'cap'}), engine ${written}`);
          }
        }
      }
      const final = await report();
      for (const id of ids) {
        const total = truthCard[id]!.reduce((a, b) => a + b, 0);
        const engineTotal = final.players.find((p) => p.id === id)!.total;
        if (engineTotal === total) count.totalsRight++;
        else {
          count.totalsWrong++;
          wrong.push(`total ${id}: truth ${total}, engine ${engineTotal}`);
        }
      }
      const unattributed = final.rejected.filter((r) => r.code === 'unattributed_stroke').length;
      console.log(
        'minigolf through the hub',
        `unattributed strokes ${unattributed}`,
        JSON.stringify(count),
        JSON.stringify(asked),
        JSON.stringify(final.rejected.slice(0, 5)),
        wrong,
      );
      expect(boards.flatMap((b) => b.errors)).toEqual([]);
      const counters = hub.ingest.counters.snapshot();
      for (const d of venue.tables[0]!.devices) expect(counters[d.id]).toMatchObject({ rejected: {}, lost: 0 });
      // Every group played every lane of the course.
      expect(count.lanesTrue).toBe(LANES * GROUPS);
      expect(final.groups.every((g) => g.done)).toBe(true);
      // A lane score is wrong only when the tee piezo missed a stroke (0.5 %) or the engine refused one
      // (below): the 5 % bound of the chains.
      expect(count.lanesWrong).toBeLessThanOrEqual(allowedWrong(count.lanesTrue));
      // Nothing refused: strokes and holes reach the lane they were made on, and no ball is at rest
      // for the engine while it still rolls (that would refuse the next stroke or ask about the hole).
      // Except, counted: an unnamed stroke on a lane where two groups stand and neither has started it
      // (`unattributed_stroke`, never guessed); the hole then asks (hole_without_stroke).
      expect(final.rejected.filter((r) => r.code !== 'unattributed_stroke')).toEqual([]);
      expect(count.lanesWrong).toBeLessThanOrEqual(count.strokes - count.strokesHeard + unattributed);
    },
    CHAIN_LIMIT_MS,
  );
});
