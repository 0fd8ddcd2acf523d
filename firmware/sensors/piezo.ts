/**
 * Piezo components through a comparator: `cushion` (per rail or rail segment), `contact` (a click
 * on the bed) and `stroke` (vibration at the minigolf tee). One event per hit: the comparator's
 * edge stamps the time; edges within `mn` ms after a hit are the piezo ringing. An optional
 * analog peak-hold pin gives the magnitude `m` (per mille of full scale).
 * Faults: `silent` when `sl` hits of the same kind happened elsewhere on the board since this
 * one last fired (a disconnected piezo); `noisy` above `nz` hits per second (events still go out).
 */
import { analog } from '../hal/hal';
import { emit, faults, setFault, F_NOISY, F_SILENT } from '../core/device';
import { NONE } from '../core/ring';
import type { PiezoCfg } from '../core/config';
import { isRinging } from '../../shared/sensors/edge';
import { st } from './state';

/** A piezo with a peak-level pin in the profile (esbuild define, see firmware/build/build.ts). */
declare const FW_ANALOG: boolean;

/** The piezo's watch (bound to the sensor index): a comparator edge stamped in the interrupt. */
export function piezoHit(si: number, ev: EspruinoWatchEvent): void {
  const sc = st.S[si] as PiezoCfg;
  const time = ev.time;
  if (isRinging(sc.mn, time - (st.last[si] as number))) return;
  st.last[si] = time;
  st.win[si] = (st.win[si] as number) + 1;
  const e = sc.e;
  st.hits[e] = (st.hits[e] as number) + 1;
  st.ref[si] = st.hits[e] as number;
  if (faults[si] === F_SILENT) setFault(si, 0);
  emit(e, si, time, FW_ANALOG && sc.an >= 0 ? Math.round(analog(st.P[sc.an]!) * 1000) : NONE, 0, null, 0);
}

/** Silent check every tick; noisy check once per second (`second` true). */
export function piezoTick(si: number, second: boolean): void {
  const sc = st.S[si] as PiezoCfg;
  if (sc.sl > 0 && faults[si] !== F_SILENT && (st.hits[sc.e] as number) - (st.ref[si] as number) >= sc.sl) setFault(si, F_SILENT);
  if (!second) return;
  if (sc.nz > 0) {
    if ((st.win[si] as number) > sc.nz) setFault(si, F_NOISY);
    else if (faults[si] === F_NOISY) setFault(si, 0);
  }
  st.win[si] = 0;
}
