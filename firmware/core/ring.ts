/**
 * The event ring buffer: events waiting for the hub's acknowledgement, in typed arrays of fixed
 * capacity (no object per event). Sequence numbers are consecutive, so an event's slot is its
 * sequence modulo the capacity and the buffer only needs the oldest unacknowledged sequence and
 * the next one. When full, the oldest event is dropped and counted in `lost`.
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
  /** Pulse width, µs, or NONE. */
  w: Int32Array;
  /** Magnitude (integer sensor units), or NONE. */
  m: Int32Array;
  /** Identity: 0 none; 1..8 bytes of a tag in `ob`; 0x80|k label k of the sensor. */
  ol: Uint8Array;
  ob: Uint8Array;
}

export function ringNew(cap: number): Ring {
  return {
    cap: cap,
    first: 1,
    next: 1,
    lost: 0,
    sec: new Uint32Array(cap),
    us: new Uint32Array(cap),
    ty: new Uint8Array(cap),
    se: new Uint8Array(cap),
    w: new Int32Array(cap),
    m: new Int32Array(cap),
    ol: new Uint8Array(cap),
    ob: new Uint8Array(cap * OB),
  };
}

/** Stores an event, dropping the oldest when full. Returns its slot; its sequence is next - 1. */
export function ringPush(r: Ring, sec: number, us: number, ty: number, se: number, w: number, m: number): number {
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
  r.w[i] = w;
  r.m[i] = m;
  r.ol[i] = 0;
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
