/**
 * The sensor registry: arms every sensor of the compiled profile on its pins, runs their
 * periodic checks and applies `cfg` changes from the hub. Lifecycle per sensor: arm (pin mode,
 * watch, part check), tick (faults), re-arm (after a debounce change). A watch's callback is
 * the handler bound to the sensor's index: no closure per sensor (a closure keeps its whole
 * scope alive, about twice the JsVars of a bound function on Espruino).
 */
import { input, now, read, watch, unwatch, i2cSetup, type Pin } from '../hal/hal';
import { setFault, F_ABSENT } from '../core/device';
import { KIND_BEAM, KIND_PIEZO, KIND_POCKET, KIND_TAG, type FirmwareCfg, type PocketCfg } from '../core/config';
import { beamEdge, beamTick, dropEdge } from './beam';
import { colourInit } from './colour';
import { pocketColourInit, pocketColourSetup } from './pocket-colour';
import { piezoHit, piezoTick } from './piezo';
import { stateInit, st } from './state';
import { tagSetup } from './tag';

/** What the profile uses (esbuild defines, see firmware/build/build.ts). */
declare const FW_POCKET: boolean;
declare const FW_PIEZO: boolean;
declare const FW_COLOUR: boolean;
declare const FW_BALLID: boolean;
declare const FW_TAG: string;
/** A kind added by descriptor is in the profile: its component registered in COMPONENTS. */
declare const FW_MORE: boolean;

/**
 * The firmware side of a kind added by descriptor (shared/sensors/kinds.ts `component`): the build
 * registers the module's `component` under the kind's code before start(). `setup` readies the
 * sensor at boot and arms it; `arm` sets its watch (its id in st.wid[si]), again after a `cfg`
 * change of its debounce; `tick` runs every tick (`second`: once a second).
 */
export interface Component {
  setup(si: number): void;
  arm(si: number): void;
  tick?(si: number, t: number, second: boolean): void;
}

/** Components by kind code (only those of the profile's kinds, and none without FW_MORE). */
export const COMPONENTS: Component[] = [];

let second = 0;
let uart = 2;
let utx = -1;

function arm(si: number): void {
  const sc = st.S[si]!;
  if (sc.k === KIND_TAG) return;
  if (FW_MORE && COMPONENTS[sc.k]) {
    COMPONENTS[sc.k]!.arm(si);
    return;
  }
  const pin = st.P[sc.pin]!;
  if (FW_PIEZO && sc.k === KIND_PIEZO) {
    st.wid[si] = watch(pin, sc.lo ? 2 : 1, sc.db, piezoHit.bind(null, si));
    return;
  }
  st.wid[si] = watch(pin, 0, sc.db, beamEdge.bind(null, si));
  if (FW_POCKET && sc.k === KIND_POCKET && sc.dr >= 0) st.dwid[si] = watch(st.P[sc.dr]!, sc.lo ? 2 : 1, sc.db, dropEdge.bind(null, si));
}

function setup(si: number): void {
  const sc = st.S[si]!;
  if (FW_MORE && COMPONENTS[sc.k]) {
    COMPONENTS[sc.k]!.setup(si);
    return;
  }
  if (sc.k === KIND_TAG) {
    if (FW_TAG) tagSetup(si, uart, utx);
    return;
  }
  input(st.P[sc.pin]!, sc.lo);
  if (FW_POCKET && sc.k === KIND_POCKET && sc.dr >= 0) input(st.P[sc.dr]!, sc.lo);
  arm(si);
  if (sc.k !== KIND_PIEZO && read(st.P[sc.pin]!) === (sc.lo ? 0 : 1)) {
    st.on[si] = 1;
    st.ton[si] = now();
  }
  if (FW_COLOUR && sc.k === KIND_BEAM && sc.col && !colourInit(si)) setFault(si, F_ABSENT);
  if (FW_BALLID && sc.k === KIND_POCKET && sc.pc !== undefined && !pocketColourInit(si)) setFault(si, F_ABSENT);
}

export function sensorsSetup(c: FirmwareCfg, pins: Pin[]): void {
  stateInit(c.s, pins);
  if (FW_TAG) {
    uart = c.uart!;
    utx = c.utx!;
  }
  second = now();
  if ((FW_COLOUR || FW_BALLID) && c.scl !== undefined) i2cSetup(pins[c.scl]!, pins[c.sda!]!);
  if (FW_BALLID) pocketColourSetup(c);
  for (let si = 0; si < c.s.length; si++) setup(si);
}

export function sensorsTick(t: number): void {
  const sec = t - second >= 1;
  if (sec) second = t;
  for (let si = 0; si < st.S.length; si++) {
    const k = st.S[si]!.k;
    if (k === KIND_BEAM || k === KIND_POCKET) beamTick(si, t, sec);
    else if (FW_PIEZO && k === KIND_PIEZO) piezoTick(si, sec);
    else if (FW_MORE && COMPONENTS[k] && COMPONENTS[k]!.tick) COMPONENTS[k]!.tick!(si, t, sec);
  }
}

/**
 * Names accepted in `cfg` (key "<sensor>.<option>") and the config field each sets: those of
 * the kinds the profile has (an option no sensor of the board has is ignored, as before).
 */
const OPTIONS: Record<string, string> = { debounceMs: 'db', minWidthUs: 'mn', stuckMs: 'mx' };
if (FW_PIEZO) {
  OPTIONS['deadMs'] = 'mn';
  OPTIONS['silentAfter'] = 'sl';
  OPTIONS['noisyPerS'] = 'nz';
}
if (FW_POCKET) OPTIONS['captureMs'] = 'cw';
if (FW_TAG) {
  OPTIONS['holdMs'] = 'hold';
  OPTIONS['tagWindowMs'] = 'tw';
}

export function sensorsSet(si: number, opt: string, v: number): void {
  const sc = st.S[si]!;
  const f = OPTIONS[opt];
  if (!f || v < 0) return;
  (sc as unknown as Record<string, number>)[f] = v;
  if (f === 'db' && sc.k !== KIND_TAG) {
    unwatch(st.wid[si] as number);
    if (FW_POCKET && sc.k === KIND_POCKET && (sc as PocketCfg).dr >= 0) unwatch(st.dwid[si] as number);
    arm(si);
  }
}
