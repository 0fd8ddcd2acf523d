/**
 * The localiser's recent winners (hub/acoustic/localise.ts) and the test of whether an arrival is
 * one of their echoes: crosstalk through the corner joints, a rail knock heard through the slate,
 * a click heard by the rails. An echo comes no earlier than the fastest wave could bring it from
 * where the winner was (straight, at the faster of the two speeds: a lower bound for every path)
 * and within the echo window after it. Fixed buffers: it runs for every arrival.
 */
import { distToSegment } from './geometry';

const SOURCES = 8;

export class EchoSources {
  private n = 0;
  /** Earliest emission, end of its echo window (corrected device µs), and the segment it came from (a point: both ends the same). */
  private readonly t0 = new Float64Array(SOURCES);
  private readonly end = new Float64Array(SOURCES);
  private readonly seg = new Float64Array(SOURCES * 4);

  /**
   * @param fastSlowness µs per metre of the faster wave
   * @param marginUs what the timing may be early by
   * @param windowUs how long after its emission a winner's echoes come
   */
  constructor(
    private readonly fastSlowness: number,
    private readonly marginUs: number,
    private readonly windowUs: number,
  ) {}

  /** Whether an arrival at (x, y), at corrected device µs u, is a recent winner's echo. */
  explains(x: number, y: number, u: number): boolean {
    for (let k = 0; k < this.n; k++) {
      if (u > this.end[k]!) continue;
      const o = k * 4;
      const d = distToSegment(x, y, this.seg[o]!, this.seg[o + 1]!, this.seg[o + 2]!, this.seg[o + 3]!);
      if (u >= this.t0[k]! + d * this.fastSlowness - this.marginUs) return true;
    }
    return false;
  }

  /** A winner emitted at t0 (the earliest it can have been) from the segment (x1, y1)–(x2, y2). */
  add(t0: number, x1: number, y1: number, x2: number, y2: number): void {
    // Keep those whose window is not over, then this one; the oldest goes when full.
    let n = 0;
    for (let k = 0; k < this.n; k++) {
      if (this.end[k]! < t0 - this.windowUs) continue;
      this.t0[n] = this.t0[k]!;
      this.end[n] = this.end[k]!;
      this.seg.copyWithin(n * 4, k * 4, k * 4 + 4);
      n++;
    }
    if (n === SOURCES) {
      this.t0.copyWithin(0, 1);
      this.end.copyWithin(0, 1);
      this.seg.copyWithin(0, 4);
      n--;
    }
    this.t0[n] = t0;
    this.end[n] = t0 + this.windowUs;
    this.seg[n * 4] = x1;
    this.seg[n * 4 + 1] = y1;
    this.seg[n * 4 + 2] = x2;
    this.seg[n * 4 + 3] = y2;
    this.n = n + 1;
  }

  /** Forgets them all (the board restarted: a new timeline). */
  clear(): void {
    this.n = 0;
  }
}
