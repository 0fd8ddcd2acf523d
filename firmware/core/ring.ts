/**
 * The event ring buffer: events waiting for the hub's acknowledgement, in typed arrays of fixed
 * capacity (no object per event). Sequence numbers are consecutive, so an event's slot is its
 * sequence modulo the capacity and the buffer only needs the oldest unacknowledged sequence and
 * the next one. When full, the oldest event is dropped and counted in `lost`.
 * Its bytes are most of the firmware's RAM after boot (a Pico: 128 events), so an event keeps
 * one value (the pulse width of a beam or the level of a piezo: never both), and the identity
 * arrays exist only on a board whose profile names balls (colour labels, tag bytes).
 */

/** Sentinel: the event has no magnitude / no width. */
export const NONE = -1;
/** Bytes of ball identity kept per event (an RFID/NFC UID, up to 8 bytes). */
export const OB = 8;

export interface Ring {
  cap: number;
  /** Oldest unacknowledged sequence (== next when empty). */
  first: number;
  /** Sequence the next event gets (sequences start at 1). */
  next: number;
  /** Events dropped since boot because the buffer was full. */
  lost: number;
  sec: Uint32Array;
  us: Uint32Array;
  /** Event type (index into EVENT_TYPES). */
  ty: Uint8Array;
  /** Sensor index. */
  se: Uint8Array;
  /** The event's value, or NONE: pulse width, µs (beam, pocket), or magnitude (piezo). */
  v: Int32Array;
  /**
   * Identity: 0 none; 1..8 bytes of a tag in `ob`; 0x80|k label k of the sensor. Empty arrays
   * (length 0) on a board without ball identities (see ringNew).
   */
  ol: Uint8Array;
  ob: Uint8Array;
  /**
   * A label's confidence, per mille (0: sure, none sent); the runner-up as (k + 1) << 10 | its
   * probability per mille (0: none; one array, not two: the Espruino WiFi's JsVars are tight). Empty
   * without IDS_CONF.
   */
  cf: Uint16Array;
  n2: Uint16Array;
}

/** Identities a ring keeps (ringNew): none, colour labels only, labels and tag bytes, labels with confidences. */
export const IDS_NONE = 0;
export const IDS_LABELS = 1;
export const IDS_TAGS = 2;
/** Colour labels with a confidence each (pocket colour sensors). */
export const IDS_CONF = 3;

export function ringNew(cap: number, ids: number): Ring {
  return {
    cap: cap,
    first: 1,
    next: 1,
    lost: 0,
    sec: new Uint32Array(cap),
    us: new Uint32Array(cap),
    ty: new Uint8Array(cap),
    se: new Uint8Array(cap),
    v: new Int32Array(cap),
    ol: new Uint8Array(ids > IDS_NONE ? cap : 0),
    ob: new Uint8Array(ids === IDS_TAGS ? cap * OB : 0),
    cf: new Uint16Array(ids === IDS_CONF ? cap : 0),
    n2: new Uint16Array(ids === IDS_CONF ? cap : 0),
  };
}

/** Stores an event, dropping the oldest when full. Returns its slot; its sequence is next - 1. */
export function ringPush(r: Ring, sec: number, us: number, ty: number, se: number, v: number): number {
  if (r.next - r.first >= r.cap) {
    r.first++;
    r.lost++;
  }
  const i = r.next % r.cap;
  r.next++;
  r.sec[i] = sec;
  r.us[i] = us;
  r.ty[i] = ty;
  r.se[i] = se;
  r.v[i] = v;
  if (r.ol.length) r.ol[i] = 0;
  if (r.cf.length) {
    r.cf[i] = 0;
    r.n2[i] = 0;
  }
  return i;
}

/** The hub stored every event up to `n`: they leave the buffer. Returns true on progress. */
export function ringAck(r: Ring, n: number): boolean {
  if (n < r.first) return false;
  r.first = n + 1 > r.next ? r.next : n + 1;
  return true;
}

export function ringPending(r: Ring): number {
  return r.next - r.first;
}

export function ringSlot(r: Ring, seq: number): number {
  return seq % r.cap;
}
