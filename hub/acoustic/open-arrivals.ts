/**
 * The localiser's open arrivals (hub/acoustic/localise.ts): those not yet judged, in time order,
 * in fixed parallel arrays (no allocation per arrival), with what each judging decides of them.
 */

/** More open at once than a table's sensors give in a window: the oldest is judged early. */
export const CAP = 64;
/** An arrival's fate in one judging: kept open, used by the winner, or the winner's echo. */
export const KEEP = 0;
export const USED = 1;
export const ECHO = 2;

export class OpenArrivals {
  n = 0;
  /** Sensor index, corrected device µs (its delay taken off), device µs, hub ms. */
  readonly sensor = new Int32Array(CAP);
  readonly u = new Float64Array(CAP);
  readonly raw = new Float64Array(CAP);
  readonly at = new Float64Array(CAP);
  /** The start (corrected µs) of a slate group it was in that fitted no point; NaN when none. */
  readonly bad = new Float64Array(CAP).fill(NaN);
  readonly fate = new Uint8Array(CAP);

  get full(): boolean {
    return this.n === CAP;
  }

  /** Adds one in its place by corrected time (arrivals come in time order, so almost always last). */
  insert(sensor: number, u: number, raw: number, at: number): void {
    let k = this.n++;
    while (k > 0 && this.u[k - 1]! > u) {
      this.move(k - 1, k);
      k--;
    }
    this.sensor[k] = sensor;
    this.u[k] = u;
    this.raw[k] = raw;
    this.at[k] = at;
    this.bad[k] = NaN;
  }

  /** The hub time (ms) of corrected device µs t0, by open arrival k's pair of clocks. */
  hubTime(k: number, t0: number): number {
    return this.at[k]! + (t0 - this.raw[k]!) / 1000;
  }

  /** Drops those a judging used or found to be echoes; returns how many were echoes. */
  compact(): number {
    let n = 0;
    let echoes = 0;
    for (let k = 0; k < this.n; k++) {
      const f = this.fate[k];
      if (f === ECHO) echoes++;
      if (f !== KEEP) continue;
      if (n !== k) this.move(k, n);
      n++;
    }
    this.n = n;
    return echoes;
  }

  private move(from: number, to: number): void {
    this.sensor[to] = this.sensor[from]!;
    this.u[to] = this.u[from]!;
    this.raw[to] = this.raw[from]!;
    this.at[to] = this.at[from]!;
    this.bad[to] = this.bad[from]!;
  }
}
