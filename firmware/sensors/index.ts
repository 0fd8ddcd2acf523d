/**
 * The sensor registry: arms every sensor of the compiled profile on its pins, runs their
 * periodic checks and applies `cfg` changes from the hub. Lifecycle per sensor: arm (pin mode,
 * watch, part check), tick (faults), re-arm (after a debounce change).
 */
import { input, now, read, watch, unwatch, i2cSetup, type Pin } from '../hal/hal';
import { setFault, F_ABSENT } from '../core/device';
import { KIND_BEAM, KIND_PIEZO, KIND_POCKET, KIND_TAG, type FirmwareCfg } from '../core/config';
import { beamEdge, beamTick, dropEdge } from './beam';
import { colourInit } from './colour';
import { piezoHit, piezoTick } from './piezo';
import { stateInit, st } from './state';
import { tagSetup } from './tag';

let second = 0;
let uart = 2;
let utx = -1;

function arm(si: number): void {
  const sc = st.S[si]!;
  const pin = st.P[sc.pin]!;
  if (sc.k === KIND_PIEZO) {
    st.wid[si] = watch(pin, sc.lo ? 2 : 1, sc.db, function (e) {
      piezoHit(si, e.time);
    });
    return;
  }
  st.wid[si] = watch(pin, 0, sc.db, function (e) {
    beamEdge(si, e.state, e.time);
  });
  if (sc.k === KIND_POCKET && sc.dr >= 0) {
    st.dwid[si] = watch(st.P[sc.dr]!, sc.lo ? 2 : 1, sc.db, function () {
      dropEdge(si);
    });
  }
}

function setup(si: number): void {
  const sc = st.S[si]!;
  if (sc.k === KIND_TAG) {
    tagSetup(si, uart, utx);
    return;
  }
  input(st.P[sc.pin]!, sc.lo);
  if (sc.k === KIND_POCKET && sc.dr >= 0) input(st.P[sc.dr]!, sc.lo);
  arm(si);
  if (sc.k !== KIND_PIEZO && read(st.P[sc.pin]!) === (sc.lo ? 0 : 1)) {
    st.on[si] = 1;
    st.ton[si] = now();
  }
  if (sc.col && !colourInit(si)) setFault(si, F_ABSENT);
}

export function sensorsSetup(c: FirmwareCfg, pins: Pin[]): void {
  stateInit(c.s, pins);
  uart = c.uart;
  utx = c.utx;
  second = now();
  if (c.scl >= 0) i2cSetup(pins[c.scl]!, pins[c.sda]!);
  for (let si = 0; si < c.s.length; si++) setup(si);
}

export function sensorsTick(t: number): void {
  const sec = t - second >= 1;
  if (sec) second = t;
  for (let si = 0; si < st.S.length; si++) {
    const k = st.S[si]!.k;
    if (k === KIND_BEAM || k === KIND_POCKET) beamTick(si, t);
    else if (k === KIND_PIEZO) piezoTick(si, sec);
  }
}

/** Names accepted in `cfg` (key "<sensor>.<option>") and the config field each sets. */
const OPTIONS: Record<string, string> = {
  debounceMs: 'db',
  minWidthUs: 'mn',
  deadMs: 'mn',
  stuckMs: 'mx',
  captureMs: 'cw',
  silentAfter: 'sl',
  noisyPerS: 'nz',
  holdMs: 'hold',
  tagWindowMs: 'tw',
};

export function sensorsSet(si: number, opt: string, v: number): void {
  const sc = st.S[si]!;
  const f = OPTIONS[opt];
  if (!f || v < 0) return;
  (sc as unknown as Record<string, number>)[f] = v;
  if (f === 'db' && sc.k !== KIND_TAG) {
    unwatch(st.wid[si] as number);
    if (sc.k === KIND_POCKET && sc.dr >= 0) unwatch(st.dwid[si] as number);
    arm(si);
  }
}
