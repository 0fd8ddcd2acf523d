/**
 * Break-beam components: `beam` (goal throat, out-of-table line, minigolf cup beam or switch)
 * and `pocket` (a jaw beam, and optionally a drop beam below it that confirms the capture).
 *
 * A ball is a pulse: the edge that blocks the beam stamps the event time, the edge that clears
 * it gives the width `w` (µs). Pulses shorter than `mn` µs are noise. A beam blocked longer than
 * `mx` ms is stuck: a fault in status, cleared when the beam clears, never an event.
 * Pocket with a drop beam: the jaw pulse followed by the drop beam within `cw` ms is a capture
 * (`pocket`); a jaw pulse without it is a ball that rattled back out (`rattle`).
 */
import { EVENT_TYPES } from '../../shared/protocol/wire';
import { emit, faults, setFault, F_STUCK } from '../core/device';
import { KIND_BEAM, KIND_POCKET, type BeamCfg, type PocketCfg } from '../core/config';
import { isActive, isNoise, isRattle, isStuck } from '../../shared/sensors/edge';
import { colourRead } from './colour';
import { pocketColourAmbient, pocketColourSpoil, pocketColourStart } from './pocket-colour';
import { st } from './state';

/** What the profile uses (esbuild defines, see firmware/build/build.ts). */
declare const FW_POCKET: boolean;
declare const FW_COLOUR: boolean;
declare const FW_BALLID: boolean;
declare const FW_TAG: string;

const RATTLE = EVENT_TYPES.indexOf('rattle');

/** A ball passed sensor `si`: identity from its colour sensor or its tag reader, then emit. */
export function ballEvent(si: number, e: number, time: number, w: number): void {
  const sc = st.S[si] as BeamCfg | PocketCfg;
  if (FW_COLOUR && st.col[si]) {
    emit(e, si, time, w, st.col[si] as number, null, 0);
    return;
  }
  if (FW_TAG && sc.k === KIND_BEAM && sc.tg >= 0) {
    const tg = sc.tg;
    if (st.tagL[tg] && Math.abs(time - (st.tagT[tg] as number)) * 1000 <= sc.tw!) {
      emit(e, si, time, w, st.tagL[tg] as number, st.tagB, tg * 8);
      return;
    }
  }
  emit(e, si, time, w, 0, null, 0);
}

/** The beam's watch (bound to the sensor index): a level change stamped in the interrupt. */
export function beamEdge(si: number, e: EspruinoWatchEvent): void {
  const sc = st.S[si] as BeamCfg | PocketCfg;
  const state = e.state;
  const time = e.time;
  if (isActive(sc.lo, state)) {
    if (st.on[si]) return;
    st.on[si] = 1;
    st.ton[si] = time;
    if (FW_COLOUR) st.col[si] = sc.k === KIND_BEAM && sc.col && faults[si] === 0 ? colourRead(si) : 0;
    return;
  }
  if (!st.on[si]) return;
  st.on[si] = 0;
  if (faults[si] === F_STUCK) {
    setFault(si, 0);
    return;
  }
  const t1 = st.ton[si] as number;
  const w = Math.round((time - t1) * 1000000);
  if (isNoise(sc.mn, w)) return;
  if (FW_POCKET && sc.k === KIND_POCKET && sc.dr >= 0) {
    st.last[si] = t1;
    st.pw[si] = w;
    return;
  }
  ballEvent(si, sc.e, t1, w);
}

/** The pocket's drop beam was blocked: the waiting jaw pulse was a capture. */
export function dropEdge(si: number): void {
  const w = st.pw[si] as number;
  if (w < 0) {
    // A ball the jaw beam merged with the one before it: the colour sensor is seeing two balls.
    if (FW_BALLID && (st.S[si] as PocketCfg).pc !== undefined) pocketColourSpoil(si);
    return;
  }
  st.pw[si] = -1;
  // A colour sensor in the drop path names the ball once it has rolled past (pocket-colour.ts).
  if (FW_BALLID && (st.S[si] as PocketCfg).pc !== undefined && pocketColourStart(si, w)) return;
  ballEvent(si, st.S[si]!.e, st.last[si] as number, w);
}

export function beamTick(si: number, t: number, second: boolean): void {
  const sc = st.S[si] as BeamCfg | PocketCfg;
  if (FW_BALLID && second && sc.k === KIND_POCKET && sc.pc !== undefined) pocketColourAmbient(si);
  if (st.on[si] && faults[si] !== F_STUCK && isStuck(sc.mx, t - (st.ton[si] as number))) setFault(si, F_STUCK);
  if (FW_POCKET && sc.k === KIND_POCKET && (st.pw[si] as number) >= 0 && isRattle(sc.cw, t - (st.last[si] as number))) {
    const w = st.pw[si] as number;
    st.pw[si] = -1;
    emit(RATTLE, si, st.last[si] as number, w, 0, null, 0);
  }
}
