/**
 * Compiles a validated table profile for one board into the firmware's configuration
 * (firmware/core/config.ts): defaults resolved, logical pins replaced by indexes into the list
 * of board pins the bundle passes to start().
 */
import { BOARDS, PROFILE_DEFAULTS as D, type BoardId, type SensorOptions, type TableProfile } from '../../shared/profile';
import { kindOf, SENSOR_KINDS, type CompileContext, type SensorKind } from '../../shared/sensors/kinds';
import type { Features, FirmwareCfg, SensorCfg } from '../core/config';
import { TAG_CONTROLLERS } from '../sensors/tag';
import { compileBallColours } from '../../shared/sensors/ball-colours';

export const FIRMWARE_VERSION = 'autoref-fw-1.0';

export interface Identity {
  device?: string;
  table?: string;
  venue?: string;
  mqttHost?: string;
  mqttPort?: number;
  /** Serial link on a UART instead of USB (serial boards only), and its baud rate. */
  uart?: LinkUart;
  baud?: number;
}

export type LinkUart = 'Serial1' | 'Serial2';
export const LINK_BAUD = 115200;

/**
 * UARTs a serial board can give the hub link, with their default pins (Espruino's board files).
 * Only the Pico reaches the hub over serial; the MQTT boards' UARTs drive WiFi or the console.
 */
export const LINK_UARTS: Partial<Record<BoardId, Record<LinkUart, { tx: string; rx: string }>>> = {
  'espruino-pico': { Serial1: { tx: 'B6', rx: 'B7' }, Serial2: { tx: 'A2', rx: 'A3' } },
};

type TagReader = Extract<SensorOptions, { kind: 'tag' }>;

/** The profile's tag reader (checkProfile allows at most one), if any. */
function tagReader(p: TableProfile): TagReader | undefined {
  return p.sensors.find((s): s is TagReader => s.kind === 'tag');
}

/** Problems with the link options for this profile and board (empty when fine). */
export function checkLink(p: TableProfile, board: BoardId, id: Identity): string[] {
  if (id.uart === undefined) return id.baud === undefined ? [] : ['--baud applies to a UART link (--uart)'];
  const uarts = LINK_UARTS[board];
  if (BOARDS[board].link !== 'serial' || !uarts) return [`--uart: ${board} reaches the hub over MQTT, not a serial line`];
  const u = uarts[id.uart];
  if (!u) return [`--uart: ${board} has no ${id.uart as string} (one of ${Object.keys(uarts).join(', ')})`];
  const problems: string[] = [];
  if (id.baud !== undefined && !(Number.isInteger(id.baud) && id.baud >= 1200 && id.baud <= 1000000))
    problems.push(`--baud ${id.baud}: an integer from 1200 to 1000000`);
  if (tagReader(p) && BOARDS[board].tagUart === id.uart) problems.push(`--uart: ${id.uart} is the tag reader's UART on ${board}`);
  const w = p.boards[board]!;
  const wired = new Map<string, string>(Object.entries(w.pins).map(([ref, phys]) => [phys, `pin "${ref}"`]));
  if (w.i2c) for (const phys of [w.i2c.scl, w.i2c.sda]) wired.set(phys, 'I2C');
  for (const phys of [u.tx, u.rx]) {
    const by = wired.get(phys);
    if (by) problems.push(`--uart: ${id.uart} needs ${phys}, wired to ${by} in profile "${p.id}"`);
  }
  return problems;
}

/**
 * Problems with the tag reader's UART (empty when fine): a reader that takes commands (PN532)
 * also uses the UART's transmit pin, the board's default one (BOARDS tagUartTx), which the
 * profile must then leave free.
 */
export function checkTagUart(p: TableProfile, board: BoardId): string[] {
  const reader = tagReader(p);
  if (!reader || !TAG_CONTROLLERS[reader.part]!.tx) return [];
  const def = BOARDS[board];
  const tx = def.tagUartTx;
  const w = p.boards[board]!;
  const problems: string[] = [];
  for (const [ref, phys] of Object.entries(w.pins)) {
    if (phys === tx)
      problems.push(`sensor ${reader.id}: the ${reader.part} takes commands on ${def.tagUart} TX ${tx}, wired to pin "${ref}" in profile "${p.id}"`);
  }
  if (w.i2c && (w.i2c.scl === tx || w.i2c.sda === tx))
    problems.push(`sensor ${reader.id}: the ${reader.part} takes commands on ${def.tagUart} TX ${tx}, used by I2C in profile "${p.id}"`);
  return problems;
}

export interface Compiled {
  cfg: FirmwareCfg;
  /** Board pin names, in index order. */
  pins: string[];
  /** The tag reader's part ('' without one): the build leaves the other parts' code out. */
  tag: string;
  /** What the profile uses: the build leaves the code of the rest out. */
  features: Features;
  /** Kinds added by descriptor that the profile has: their code and component module (build registers them). */
  components: { code: number; module: string }[];
}

/** The components of the profile's kinds that plug into the firmware by descriptor (`component`). */
export function componentsOf(p: TableProfile): { code: number; module: string }[] {
  const kinds = Object.values(SENSOR_KINDS as Record<string, SensorKind>).filter((k) => k.component && p.sensors.some((s) => s.kind === k.kind));
  return kinds.map((k) => ({ code: k.code, module: k.component! }));
}

export function compileProfile(p: TableProfile, board: BoardId, id: Identity): Compiled {
  const def = BOARDS[board];
  const w = p.boards[board]!;
  const pins: string[] = [];
  const pin = (ref: string | undefined): number => {
    if (ref === undefined) return -1;
    const phys = w.pins[ref]!;
    const i = pins.indexOf(phys);
    if (i >= 0) return i;
    pins.push(phys);
    return pins.length - 1;
  };
  const physical = (name: string): number => {
    pins.push(name);
    return pins.length - 1;
  };
  // Only the fields of a sensor's kind (its descriptor's compile): each is a JsVar of the board's RAM.
  const ctx: CompileContext = {
    pin,
    sensorIndex: (id) => p.sensors.findIndex((x) => x.id === id),
    tagBaud: (part) => TAG_CONTROLLERS[part]!.baud,
    i2c: w.i2c !== undefined,
  };
  const sensors = p.sensors.map((s) => kindOf(s).compile(s, ctx) as unknown as SensorCfg);
  const tag = tagReader(p)?.part ?? '';
  const features: Features = {
    pocket: p.sensors.some((s) => s.kind === 'pocket' && s.drop !== undefined),
    piezo: p.sensors.some((s) => s.kind === 'piezo'),
    analog: p.sensors.some((s) => s.kind === 'piezo' && s.analog !== undefined),
    colour: p.sensors.some((s) => s.kind === 'beam' && s.colour !== undefined),
    // Pocket colour sensors, on a board wired for I2C (a Pico's pool bundle has no room for them).
    ballid: w.i2c !== undefined && p.ballColours !== undefined && p.sensors.some((s) => s.kind === 'pocket' && s.colour !== undefined),
  };
  // Pin indexes in the order they always had: the sensors', I2C, the link UART, the tag UART TX.
  const i2c = w.i2c && (features.colour || features.ballid) ? { scl: physical(w.i2c.scl), sda: physical(w.i2c.sda) } : null;
  const linkUart = id.uart ? LINK_UARTS[board]![id.uart] : null;
  const ltx = linkUart ? physical(linkUart.tx) : -1;
  const lrx = linkUart ? physical(linkUart.rx) : -1;
  const utx = tag && TAG_CONTROLLERS[tag]!.tx ? physical(def.tagUartTx) : -1;
  const cfg: FirmwareCfg = {
    fw: FIRMWARE_VERSION,
    board,
    prof: p.id,
    d: id.device ?? `${p.id.slice(0, 24)}-1`,
    table: id.table ?? p.id,
    venue: id.venue ?? 'demo',
    link: def.link,
    ...(def.link === 'mqtt' ? { mqHost: id.mqttHost ?? '192.168.1.10', mqPort: id.mqttPort ?? 1883 } : {}),
    cap: w.bufferEvents ?? def.bufferEvents,
    hb: w.heartbeatS ?? D.heartbeatS,
    ...(i2c ?? {}),
    ...(tag ? { uart: def.tagUart === 'Serial1' ? 1 : 2, utx } : {}),
    lp: id.uart === 'Serial1' ? 1 : id.uart === 'Serial2' ? 2 : 0,
    ...(def.link === 'serial' ? { lb: id.uart ? (id.baud ?? LINK_BAUD) : 0, ltx, lrx } : {}),
    s: sensors,
    ...(features.ballid ? { bc: compileBallColours(p.ballColours!) } : {}),
  };
  return { cfg, pins, tag, features, components: componentsOf(p) };
}
