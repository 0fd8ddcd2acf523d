/**
 * Compiles a validated table profile for one board into the firmware's configuration
 * (firmware/core/config.ts): defaults resolved, logical pins replaced by indexes into the list
 * of board pins the bundle passes to start().
 */
import { EVENT_TYPES } from '../../shared/protocol/wire';
import { BOARDS, PROFILE_DEFAULTS as D, type BoardId, type TableProfile } from '../../shared/profile';
import { KIND_BEAM, KIND_PIEZO, KIND_POCKET, KIND_TAG, type FirmwareCfg, type SensorCfg } from '../core/config';
import { TAG_CONTROLLERS } from '../sensors/tag';

export const FIRMWARE_VERSION = 'autoref-fw-1.0';

export interface Identity {
  device?: string;
  table?: string;
  venue?: string;
  mqttHost?: string;
  mqttPort?: number;
}

export interface Compiled {
  cfg: FirmwareCfg;
  /** Board pin names, in index order. */
  pins: string[];
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
  const sensors: SensorCfg[] = p.sensors.map((s) => {
    const c: SensorCfg = {
      id: s.id,
      k: KIND_BEAM,
      e: -1,
      p: s.place ?? '',
      pin: pin(s.pin),
      lo: 0,
      db: 0,
      mn: 0,
      mx: 0,
      dr: -1,
      cw: 0,
      an: -1,
      sl: 0,
      nz: 0,
      tg: -1,
      tw: 0,
      hold: 0,
      baud: 0,
    };
    if (s.kind === 'beam' || s.kind === 'pocket') {
      c.k = s.kind === 'beam' ? KIND_BEAM : KIND_POCKET;
      c.e = EVENT_TYPES.indexOf(s.kind === 'beam' ? s.event : 'pocket');
      c.lo = (s.activeLow ?? D.activeLow[s.kind]) ? 1 : 0;
      c.db = s.debounceMs ?? D.debounceMs[s.kind];
      c.mn = s.minWidthUs ?? D.minWidthUs;
      c.mx = s.stuckMs ?? D.stuckMs;
    }
    if (s.kind === 'pocket') {
      c.dr = pin(s.drop);
      c.cw = s.captureMs ?? D.captureMs;
    }
    if (s.kind === 'beam') {
      c.tg = s.tag === undefined ? -1 : p.sensors.findIndex((x) => x.id === s.tag);
      c.tw = s.tagWindowMs ?? D.tagWindowMs;
      if (s.colour) {
        c.col = {
          part: s.colour.part,
          o: s.colour.balls.map((b) => b.id),
          rg: s.colour.balls.flatMap((b) => {
            const [r, g, bl] = b.rgb as [number, number, number];
            const sum = r + g + bl || 1;
            return [Math.round((r * 1000) / sum), Math.round((g * 1000) / sum)];
          }),
          mc: s.colour.minClear ?? D.minClear,
        };
      }
    }
    if (s.kind === 'piezo') {
      c.k = KIND_PIEZO;
      c.e = EVENT_TYPES.indexOf(s.event);
      c.lo = (s.activeLow ?? D.activeLow.piezo) ? 1 : 0;
      c.db = s.debounceMs ?? D.debounceMs.piezo;
      c.mn = s.deadMs ?? D.deadMs;
      c.an = pin(s.analog);
      c.sl = s.silentAfter ?? D.silentAfter;
      c.nz = s.noisyPerS ?? D.noisyPerS;
    }
    if (s.kind === 'tag') {
      c.k = KIND_TAG;
      c.e = s.event === undefined ? -1 : EVENT_TYPES.indexOf(s.event);
      c.hold = s.holdMs ?? D.holdMs;
      c.baud = TAG_CONTROLLERS[s.part]!.baud;
    }
    return c;
  });
  const scl = w.i2c ? physical(w.i2c.scl) : -1;
  const sda = w.i2c ? physical(w.i2c.sda) : -1;
  const cfg: FirmwareCfg = {
    fw: FIRMWARE_VERSION,
    board,
    prof: p.id,
    d: id.device ?? `${p.id.slice(0, 24)}-1`,
    table: id.table ?? p.id,
    venue: id.venue ?? 'demo',
    link: def.link,
    mqHost: id.mqttHost ?? '192.168.1.10',
    mqPort: id.mqttPort ?? 1883,
    cap: w.bufferEvents ?? def.bufferEvents,
    hb: w.heartbeatS ?? D.heartbeatS,
    scl,
    sda,
    uart: def.tagUart === 'Serial1' ? 1 : 2,
    s: sensors,
  };
  return { cfg, pins };
}
