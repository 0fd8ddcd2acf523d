/**
 * Per-sensor runtime state, one typed-array slot per sensor (no object per sensor or event).
 * Made at boot (stateInit), and only the arrays of the kinds the profile has: a bundle without
 * a kind has none of its code either, so nothing reads the others.
 */
import type { Pin } from '../hal/hal';
import type { OtherCfg, SensorCfg } from '../core/config';
import { FN } from './ballid';

/** What the profile uses (esbuild defines, see firmware/build/build.ts). */
declare const FW_POCKET: boolean;
declare const FW_PIEZO: boolean;
declare const FW_COLOUR: boolean;
declare const FW_BALLID: boolean;
declare const FW_TAG: string;

export interface SensorState {
  S: SensorCfg[];
  P: Pin[];
  /** 1 while the sensor is active (beam blocked). */
  on: Uint8Array;
  /** When it became active, s. */
  ton: Float64Array;
  /** Piezo: time of the last hit. Pocket: jaw time of a ball waiting for the drop beam. */
  last: Float64Array;
  /** Pocket: width of the waiting jaw pulse, µs, or -1 when none waits. */
  pw: Int32Array;
  /** Piezo: the kind's hit counter when this sensor last fired (see hits). */
  ref: Uint32Array;
  /** Piezo: hits in the current one-second window. */
  win: Uint16Array;
  /** Colour label of the ball now in the beam (0 none, 0x80|k). */
  col: Uint8Array;
  /** Pocket colour: the sample a pass is at (-1: none sampling), its pulse width (µs), feature sums (FN per sensor), ambient c, r, g, b (4 per sensor). */
  smp: Int8Array;
  bw: Int32Array;
  bacc: Float32Array;
  amb: Uint16Array;
  /** Tag reader: last UID (8 bytes per sensor), its length and time. */
  tagB: Uint8Array;
  tagL: Uint8Array;
  tagT: Float64Array;
  /** Watch ids (main pin, drop pin) for re-arming after a cfg change. */
  wid: Int32Array;
  dwid: Int32Array;
  /** Piezo hits per event type, board-wide. */
  hits: Uint32Array;
}

/** Filled by stateInit at boot. */
export const st = {} as SensorState;

/**
 * The configuration of sensor `si` when its kind was added through a descriptor and a component
 * (docs/how-to/add-a-sensor-kind.md): the fields its descriptor's `compile` gave, which only that
 * component reads. (SensorCfg lists the built-in kinds, so that their code narrows by `k`.)
 */
export function otherCfg(si: number): OtherCfg {
  return st.S[si] as unknown as OtherCfg;
}

export function stateInit(s: SensorCfg[], pins: Pin[]): void {
  const n = s.length;
  st.S = s;
  st.P = pins;
  st.on = new Uint8Array(n);
  st.ton = new Float64Array(n);
  st.wid = new Int32Array(n);
  // Each array costs JsVars even when empty: a kind's arrays only where the profile has it.
  if (FW_PIEZO || FW_POCKET) {
    st.last = new Float64Array(n);
    st.last.fill(-1e9);
  }
  if (FW_POCKET) {
    st.pw = new Int32Array(n);
    st.pw.fill(-1);
    st.dwid = new Int32Array(n);
  }
  if (FW_PIEZO) {
    st.ref = new Uint32Array(n);
    st.win = new Uint16Array(n);
    st.hits = new Uint32Array(16);
  }
  if (FW_COLOUR) st.col = new Uint8Array(n);
  if (FW_BALLID) {
    st.smp = new Int8Array(n);
    st.smp.fill(-1);
    st.bw = new Int32Array(n);
    st.bacc = new Float32Array(n * FN);
    st.amb = new Uint16Array(n * 4);
  }
  if (FW_TAG) {
    st.tagB = new Uint8Array(n * 8);
    st.tagL = new Uint8Array(n);
    st.tagT = new Float64Array(n);
    st.tagT.fill(-1e9);
  }
}
