/**
 * Per-sensor runtime state, one typed-array slot per sensor (no object per sensor or event).
 */
import type { Pin } from '../hal/hal';
import type { SensorCfg } from '../core/config';

export const st = {
  S: [] as SensorCfg[],
  P: [] as Pin[],
  /** 1 while the sensor is active (beam blocked). */
  on: new Uint8Array(0),
  /** When it became active, s. */
  ton: new Float64Array(0),
  /** Piezo: time of the last hit. Pocket: jaw time of a ball waiting for the drop beam. */
  last: new Float64Array(0),
  /** Pocket: width of the waiting jaw pulse, µs, or -1 when none waits. */
  pw: new Int32Array(0),
  /** Piezo: the kind's hit counter when this sensor last fired (see hits). */
  ref: new Uint32Array(0),
  /** Piezo: hits in the current one-second window. */
  win: new Uint16Array(0),
  /** Colour label of the ball now in the beam (0 none, 0x80|k). */
  col: new Uint8Array(0),
  /** Tag reader: last UID (8 bytes per sensor), its length and time. */
  tagB: new Uint8Array(0),
  tagL: new Uint8Array(0),
  tagT: new Float64Array(0),
  /** Watch ids (main pin, drop pin) for re-arming after a cfg change. */
  wid: new Int32Array(0),
  dwid: new Int32Array(0),
  /** Piezo hits per event type, board-wide. */
  hits: new Uint32Array(16),
};

export function stateInit(s: SensorCfg[], pins: Pin[]): void {
  const n = s.length;
  st.S = s;
  st.P = pins;
  st.on = new Uint8Array(n);
  st.ton = new Float64Array(n);
  st.last = new Float64Array(n);
  st.last.fill(-1e9);
  st.pw = new Int32Array(n);
  st.pw.fill(-1);
  st.ref = new Uint32Array(n);
  st.win = new Uint16Array(n);
  st.col = new Uint8Array(n);
  st.tagB = new Uint8Array(n * 8);
  st.tagL = new Uint8Array(n);
  st.tagT = new Float64Array(n);
  st.tagT.fill(-1e9);
  st.wid = new Int32Array(n);
  st.dwid = new Int32Array(n);
  st.hits = new Uint32Array(16);
}
