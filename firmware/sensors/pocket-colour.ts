/**
 * A colour sensor in a pocket's drop path (pool): when the drop beam confirms a capture, the
 * TCS3472x in the chute's cover is read every SAMPLE_MS (one 2.4 ms integration each, `partInit`)
 * while the ball rolls past it, `bc.n` times; each sample goes into the pass's feature sums
 * (ballid.ts), and at the end the pocket event goes out with the ball's label and the
 * confidence, per mille. Sampling runs on one interval timer while any pocket samples (started
 * by the first, stopped by the last), not in the watch callback: the board keeps stamping edges
 * meanwhile. Between balls, once a second, an idle pocket's sensor reads the empty chute: the
 * ambient light leaking in, taken off every sample.
 * TCS34725/7 wiring: VIN 3.3 V, GND, SCL, SDA on the TCA9548A channel of profile `colour.channel`.
 */
import { i2cRead, i2cWrite, every, cancel } from '../hal/hal';
import { emit, emitNext, faults, setFault, F_ABSENT } from '../core/device';
import type { BallCfg, FirmwareCfg, PocketCfg } from '../core/config';
import { ADDR, READ, partInit, select } from './colour';
import { ballAdd, ballClassify, FN } from './ballid';
import { unpackNumbers } from '../../shared/sensors/ball-set';
import { st } from './state';

/** One sample per integration (2.4 ms) and the read's own time. */
export const SAMPLE_MS = 3;
/** Marks a pass (st.smp) that saw a second ball: it ends unnamed at the next step. */
const SPOILT = 64;

let bc: BallCfg;
/** The ball set's numbers (unpacked once), the classifier's scratch and its verdict. */
let T: Int16Array;
let P: Float64Array;
let V: Int16Array;
let timer: unknown = null;
let sampling = 0;

export function pocketColourSetup(c: FirmwareCfg): void {
  bc = c.bc!;
  T = new Int16Array(bc.t.length / 3);
  unpackNumbers(bc.t, T);
  P = new Float64Array(bc.cu + 1);
  V = new Int16Array(4);
}

/** Starts the pocket's part; false when it does not answer. */
export function pocketColourInit(si: number): boolean {
  return partInit(bc.part, (st.S[si] as PocketCfg).pc!);
}

/** Reads one sample of sensor si into D; false (and a fault) when the part stopped answering. */
function sample(si: number): Uint8Array | null {
  try {
    select((st.S[si] as PocketCfg).pc!);
    i2cWrite(ADDR, READ);
    return i2cRead(ADDR, 8);
  } catch {
    setFault(si, F_ABSENT);
    return null;
  }
}

const word = (d: Uint8Array, i: number): number => (d[i] as number) | ((d[i + 1] as number) << 8);

/**
 * The drop beam confirmed a capture whose jaw pulse was `w` µs at st.last[si]: sample the ball
 * rolling past, then emit. A pocket whose sensor is failing sends the capture unnamed at once.
 */
export function pocketColourStart(si: number, w: number): boolean {
  if (faults[si] === F_ABSENT) return false;
  if ((st.smp[si] as number) >= 0) {
    // A second ball while the first is still read: neither reading is one ball's.
    pocketColourSpoil(si);
    return false;
  }
  st.bw[si] = w;
  st.smp[si] = 0;
  const fi = si * FN;
  for (let j = 0; j < FN; j++) st.bacc[fi + j] = 0;
  sampling++;
  if (timer === null) timer = every(SAMPLE_MS, pocketColourStep);
  return true;
}

/** A second ball crossed the drop beam during a pass (two balls close together): the pass goes out unnamed. */
export function pocketColourSpoil(si: number): void {
  if ((st.smp[si] as number) >= 0) st.smp[si] = (st.smp[si] as number) | SPOILT;
}

/** One sample of every pocket sampling a pass; a finished pass is classified and sent. */
export function pocketColourStep(): void {
  for (let si = 0; si < st.S.length; si++) {
    const k = st.smp[si] as number;
    if (k < 0) continue;
    const d = k & SPOILT ? null : sample(si);
    if (d) ballAdd(bc, T, word(d, 0), word(d, 2), word(d, 4), word(d, 6), st.amb, si * 4, st.bacc, si * FN);
    if (d && k + 1 < bc.n) {
      st.smp[si] = k + 1;
      continue;
    }
    st.smp[si] = -1;
    sampling--;
    finish(si, d !== null);
  }
  if (sampling <= 0 && timer !== null) {
    cancel(timer);
    timer = null;
    sampling = 0;
  }
}

function finish(si: number, ok: boolean): void {
  V[0] = -1;
  V[1] = 0;
  V[2] = -1;
  if (ok) ballClassify(bc, T, st.bacc, si * FN, P, V);
  const label = V[0] as number;
  // The runner-up goes with the event when it has any weight: the hub weighs the two against the balls in play.
  if (label >= 0 && (V[2] as number) >= 0 && (V[3] as number) > 0) emitNext(V[2] as number, V[3] as number);
  // No reading: the capture goes out unnamed (the hub asks); a reading: its label and confidence.
  emit(st.S[si]!.e, si, st.last[si] as number, st.bw[si] as number, label >= 0 ? 0x80 | label : 0, null, label >= 0 ? Math.max(1, V[1] as number) : 0);
}

/** Once a second, an idle pocket's sensor reads the empty chute: the ambient light (a running mean). */
export function pocketColourAmbient(si: number): void {
  if ((st.smp[si] as number) >= 0 || (st.pw[si] as number) >= 0 || st.on[si] || faults[si] === F_ABSENT) return;
  const d = sample(si);
  if (!d) return;
  for (let j = 0; j < 4; j++) {
    const a = st.amb[si * 4 + j] as number;
    const v = word(d, j * 2);
    // The first reading is taken as it is; later ones move the mean by a quarter.
    st.amb[si * 4 + j] = a === 0 ? v : Math.round(a + (v - a) / 4);
  }
}
