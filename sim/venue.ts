/**
 * The demo venue: one simulated device per table sends plausible sensor events over MQTT, so a
 * new user sees live activity at once. (The physics simulator of issue 10 replaces the event
 * patterns here with balls that really move.)
 */
import type { VenueConfig, TableConfig } from '../shared/venue';
import { SimDevice, mqttTransport, newBootId, type SimEventFields } from './device';

/** A deterministic little generator so a demo run is reproducible for a given seed. */
function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

type Pattern = (r: () => number) => SimEventFields[];

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;

/** What one shot looks like to each table's sensors. */
const patterns: Record<string, Pattern> = {
  'golf-billiards': (r) => (r() < 0.5 ? [{ e: 'goal', s: 'goal-a', p: 'A', o: pick(r, ['white', 'red']) }] : [{ e: 'cushion', s: 'rail-1', p: String(1 + Math.floor(r() * 4)) }]),
  carom: (r) => {
    const out: SimEventFields[] = [{ e: 'contact', s: 'bed', m: Math.round(200 + r() * 800) }];
    const n = Math.floor(r() * 5);
    for (let i = 0; i < n; i++) out.push({ e: 'cushion', s: `rail-${1 + Math.floor(r() * 4)}`, p: pick(r, ['1', '2', '3', '4']), m: Math.round(100 + r() * 500) });
    if (r() < 0.5) out.push({ e: 'contact', s: 'bed', m: Math.round(100 + r() * 600) });
    return out;
  },
  pool: (r) => (r() < 0.4 ? [{ e: 'pocket', s: `pocket-${1 + Math.floor(r() * 6)}`, p: pick(r, ['1', '2', '3', '4', '5', '6']), w: Math.round(20000 + r() * 30000) }] : [{ e: 'contact', s: 'bed' }]),
  minigolf: (r) => (r() < 0.35 ? [{ e: 'stroke', s: 'tee' }, { e: 'hole', s: 'cup', p: '1' }] : [{ e: 'stroke', s: 'tee' }]),
};

function patternFor(t: TableConfig): Pattern {
  if (t.game === 'golf-billiards') return patterns['golf-billiards']!;
  if (t.game === 'minigolf') return patterns['minigolf']!;
  if (t.game === 'eight-ball' || t.game === 'nine-ball') return patterns['pool']!;
  return patterns['carom']!;
}

export interface SimVenueOptions {
  brokerUrl: string;
  venue: VenueConfig;
  /** Mean seconds between shots per table. */
  shotEverySeconds?: number;
  seed?: number;
  log?: (line: string) => void;
}

export interface SimVenue {
  devices: SimDevice[];
  stop(): Promise<void>;
}

export async function startSimVenue(opts: SimVenueOptions): Promise<SimVenue> {
  const devices: SimDevice[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, fn: () => void): void => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
  };
  const r = rng(opts.seed ?? 7);
  const every = (opts.shotEverySeconds ?? 4) * 1000;
  for (const table of opts.venue.tables) {
    const cfg = table.devices.find((d) => d.link === 'mqtt');
    if (!cfg) continue;
    const boot = newBootId();
    const device = new SimDevice(cfg.id, await mqttTransport(opts.brokerUrl, opts.venue.id, table.id, cfg.id, boot, cfg.secret), boot);
    device.hello(cfg.profile ?? table.game);
    devices.push(device);
    const pattern = patternFor(table);
    const shoot = (): void => {
      pattern(r).forEach((f, i) => later(i * (40 + r() * 200), () => device.emit(f)));
      later(every * (0.5 + r()), shoot);
    };
    later(every * r(), shoot);
  }
  opts.log?.(`simulating ${devices.length} device(s): ${devices.map((d) => d.id).join(', ')}`);
  return {
    devices,
    async stop() {
      for (const t of timers) clearTimeout(t);
      await Promise.all(devices.map((d) => d.close()));
    },
  };
}
