/**
 * The hub's acoustic localisation (issue #26, docs/acoustic.md): a table's rail and slate sensors'
 * first arrivals in, knocks on the cushions and clicks on the bed out.
 *
 * Arrivals are grouped from the earliest one still open (the anchor): once an arrival comes
 * later than the anchor by more than the longest a knock and its echoes can take to reach the
 * sensors (`windowUs`), everything in the window is judged together:
 * - each rail whose two sensors heard it within the feasible difference is a knock, placed by the
 *   difference; a rail with one arrival a knock somewhere on it (a lone arrival);
 * - three or more slate sensors within the slate's span are a click, placed by multilateration,
 *   or nothing when their times do not come from one point (rolling noise);
 * - the candidate with the earliest emission wins. A knock's slate echo places itself on that
 *   rail's cushion line, so a click there with a knock on that rail is the knock, whatever the
 *   order; lone arrivals and knocks beyond the sensors (at a corner, where a neighbour rail's
 *   crosstalk lands) must be clearly earlier to win;
 * - every other arrival no earlier than the winner's wave could reach its sensor, and within
 *   `crosstalkMs` of it, is its echo (crosstalk through the corner joints and the slate) and is
 *   dropped, also those that come after the decision. What is left is judged next.
 * A sensor's repeat within `ringMs` of its previous arrival is its ringing and never counts.
 *
 * Times: device µs for every difference (all of a table's acoustic sensors are on one board); the
 * hub time `at` only to put the emission instant on the hub timeline. Per arrival the work is a
 * Map lookup and a few comparisons; the fits run once per group. Buffers are allocated once.
 */
import type { AcousticLayout, Arrival, Click, Knock, Localised } from '../../shared/tables/acoustic';
import { alongFromPair, geometryOf, pointOn, type Geometry } from './geometry';
import { EchoSources } from './echoes';
import { ECHO, KEEP, OpenArrivals, USED } from './open-arrivals';
import { Multilaterator, type SlateFix } from './multilaterate';
import { noCounts, type LocaliserCounts, type LocaliserOptions } from './localise-options';

export type { LocaliserCounts, LocaliserOptions, RejectReason } from './localise-options';

const NONE: Localised[] = [];
/** Candidate kinds in the judging. */
const PAIR = 1;
const LONE = 2;
const CLICK = 3;

export class Localiser {
  readonly counts: LocaliserCounts = noCounts();
  readonly geometry: Geometry;
  /** Slowness (µs per metre) of the rails, the slate, and the faster of the two. */
  private readonly sr: number;
  private readonly ss: number;
  private readonly sFast: number;
  private readonly sigma: number;
  private readonly rel: number;
  private readonly margin: number;
  private readonly tie: number;
  private readonly ringUs: number;
  private readonly crosstalkUs: number;
  private readonly edgeBand: number;
  private readonly slateSpan: number;
  /** How far after the anchor a group and the echoes that may come before it can reach, µs. */
  readonly windowUs: number;
  private readonly solver: Multilaterator;
  private readonly sx: Float64Array;
  private readonly sy: Float64Array;

  /** Arrivals not judged yet, in time order. */
  private readonly open = new OpenArrivals();
  /** Per sensor: device µs of the start of its last burst (for ringing). */
  private readonly burst: Float64Array;
  private lastRaw = -Infinity;
  private lastBadCounted = NaN;
  /** Recent winners whose echoes may still come. */
  private readonly sources: EchoSources;
  // Judging scratch.
  private readonly railFirst: Int32Array;
  private readonly gk = new Int32Array(16);
  private readonly gx = new Float64Array(16);
  private readonly gy = new Float64Array(16);
  private readonly gt = new Float64Array(16);
  private readonly seen: Uint8Array;
  private readonly pairT0 = new Float64Array(4);
  private readonly pairX = new Float64Array(4);
  private readonly pairY = new Float64Array(4);
  /** The click candidate: its fix and the open arrivals it was made from. */
  private clickFix: SlateFix | null = null;
  private clickN = 0;
  private readonly clickKs = new Int32Array(16);

  constructor(layout: AcousticLayout, options: LocaliserOptions = {}) {
    const g = (this.geometry = geometryOf(layout));
    this.sr = 1e6 / layout.railSpeed;
    this.ss = 1e6 / layout.slateSpeed;
    this.sFast = Math.min(this.sr, this.ss);
    this.sigma = options.sigmaUs ?? 40;
    this.rel = options.relSpeedSd ?? (layout.source.kind === 'calibrated' ? 0.02 : 0.1);
    this.margin = 4 * this.sigma * Math.SQRT2;
    this.tie = 3 * this.sigma * Math.SQRT2;
    this.ringUs = (options.ringMs ?? 10) * 1000;
    this.crosstalkUs = (options.crosstalkMs ?? 5) * 1000;
    this.edgeBand = options.edgeBandM ?? 0.08;
    this.sx = Float64Array.from(layout.sensors, (s) => s.x);
    this.sy = Float64Array.from(layout.sensors, (s) => s.y);
    let apart = 0;
    for (const i of g.slate) for (const j of g.slate) apart = Math.max(apart, Math.hypot(this.sx[i]! - this.sx[j]!, this.sy[i]! - this.sy[j]!));
    this.slateSpan = apart * this.ss * (1 + this.rel) + this.margin;
    const railSpan = Math.max(0, ...g.rails.map((r) => (r.pb - r.pa) * this.sr * (1 + this.rel)));
    this.windowUs = railSpan + this.slateSpan + 2 * this.margin;
    this.solver = new Multilaterator(layout, this.sigma, this.rel);
    this.sources = new EchoSources(this.sFast, this.margin, this.crosstalkUs);
    this.burst = new Float64Array(layout.sensors.length).fill(-Infinity);
    this.railFirst = new Int32Array(2 * g.rails.length);
    this.seen = new Uint8Array(layout.sensors.length);
  }

  /** Takes one arrival (in time order); returns what it closed. The empty result is shared: do not keep or change it. */
  push(a: Arrival): Localised[] {
    const i = this.geometry.index.get(a.sensor);
    if (i === undefined) {
      this.counts.unknown++;
      return NONE;
    }
    this.counts.arrivals++;
    let out: Localised[] | null = null;
    // The board restarted (its clock began again): close everything, forget the old timeline.
    if (a.us < this.lastRaw - 1e6) {
      while (this.open.n > 0) out = this.judge(out);
      this.burst.fill(-Infinity);
      this.sources.clear();
    }
    this.lastRaw = a.us;
    const u = a.us - this.geometry.delay[i]!;
    while (this.open.n > 0 && u > this.open.u[0]! + this.windowUs) out = this.judge(out);
    if (a.us - this.burst[i]! < this.ringUs) {
      this.counts.rejected.ringing++;
      return out ?? NONE;
    }
    this.burst[i] = a.us;
    if (this.echo(i, u)) {
      this.counts.rejected.crosstalk++;
      return out ?? NONE;
    }
    this.open.insert(i, u, a.us, a.at);
    if (this.open.full) out = this.judge(out);
    return out ?? NONE;
  }

  /** Closes the groups whose window ended before `nowMs` (hub time); call it every few ms. */
  flush(nowMs: number): Localised[] {
    let out: Localised[] | null = null;
    while (this.open.n > 0 && nowMs >= this.open.at[0]! + this.windowUs / 1000) out = this.judge(out);
    return out ?? NONE;
  }

  /** Whether an arrival at sensor i (corrected µs u) is a recent winner's echo. */
  private echo(i: number, u: number): boolean {
    return this.sources.explains(this.sx[i]!, this.sy[i]!, u);
  }

  /** Judges the anchor's window: emits the winner (or drops the anchor), drops the winner's echoes. */
  private judge(out: Localised[] | null): Localised[] | null {
    const g = this.geometry;
    const { sensor: pS, u: pU } = this.open;
    const anchor = pU[0]!;
    let wn = 0;
    while (wn < this.open.n && pU[wn]! <= anchor + this.windowUs) wn++;
    const late = anchor + this.tie;

    // The best candidate so far: kind, score (emission + handicap), and what it is made of.
    let kind = 0;
    let score = Infinity;
    let bT0 = 0;
    let bRail = -1;
    let bAlong = 0;
    let bSd = 0;
    let bK1 = -1;
    let bK2 = -1;
    const consider = (k: number, s: number, t0: number, rail: number, along: number, sd: number, k1: number, k2: number, holdsAnchor: boolean): void => {
      if ((!holdsAnchor && t0 > late) || s >= score) return;
      kind = k;
      score = s;
      bT0 = t0;
      bRail = rail;
      bAlong = along;
      bSd = sd;
      bK1 = k1;
      bK2 = k2;
    };

    // Rails: the first arrival of each of its sensors in the window.
    const rf = this.railFirst.fill(-1);
    for (let k = 0; k < wn; k++) {
      const r = g.railOf[pS[k]!]!;
      if (r < 0) continue;
      const side = pS[k] === g.rails[r]!.a ? 0 : 1;
      if (rf[2 * r + side]! < 0) rf[2 * r + side] = k;
    }
    // Rails with a candidate, a bit each, and the pairs' emissions (for the slate's echo of a knock).
    let railMask = 0;
    let pairs = 0;
    for (let r = 0; r < g.rails.length; r++) {
      const rail = g.rails[r]!;
      let ka = rf[2 * r]!;
      let kb = rf[2 * r + 1]!;
      if (ka < 0 && kb < 0) continue;
      railMask |= 1 << r;
      if (ka >= 0 && kb >= 0) {
        const dt = pU[kb]! - pU[ka]!;
        const span = (rail.pb - rail.pa) * this.sr;
        if (Math.abs(dt) <= span * (1 + this.rel) + this.margin) {
          const along = Math.min(rail.length, Math.max(0, alongFromPair(rail, pU[ka]!, pU[kb]!, this.sr)));
          const t0 = (pU[ka]! - Math.abs(along - rail.pa) * this.sr + pU[kb]! - Math.abs(rail.pb - along) * this.sr) / 2;
          const mid = (rail.pa + rail.pb) / 2;
          const sd = Math.sqrt((this.sigma / this.sr) ** 2 / 2 + ((along - mid) * this.rel) ** 2);
          // Beyond a sensor the difference says only "past this end": where a neighbour rail's crosstalk lands.
          const beyond = Math.abs(dt) >= span - this.tie / 2;
          consider(PAIR, t0 + (beyond ? this.tie : 0), t0, r, along, sd, ka, kb, ka === 0 || kb === 0);
          const p = pointOn(g.layout, rail.rail, along);
          this.pairT0[pairs] = t0;
          this.pairX[pairs] = p.x;
          this.pairY[pairs++] = p.y;
          continue;
        }
        // Too far apart for one knock: the earlier one alone; the later is judged after.
        if (pU[ka]! <= pU[kb]!) kb = -1;
        else ka = -1;
      }
      const k = ka >= 0 ? ka : kb;
      consider(LONE, pU[k]! + this.tie, pU[k]!, r, 0, 0, k, -1, k === 0);
    }

    // The slate: from each of its arrivals in turn, the first of each sensor within the slate's span.
    for (let start = 0; start < wn; start++) {
      if (g.railOf[pS[start]!]! >= 0) continue;
      this.seen.fill(0);
      let n = 0;
      for (let k = start; k < wn && pU[k]! <= pU[start]! + this.slateSpan && n < 16; k++) {
        const s = pS[k]!;
        if (g.railOf[s]! >= 0 || this.seen[s]) continue;
        this.seen[s] = 1;
        this.gk[n] = k;
        this.gx[n] = this.sx[s]!;
        this.gy[n] = this.sy[s]!;
        this.gt[n] = pU[k]!;
        n++;
      }
      if (n < 3) continue;
      // A rail knock heard through the slate: the rail candidate speaks for it; its arrivals are
      // judged as its echoes. Its slate fix would be poor (outside the slate sensors there are two
      // valleys, one of them inside), so the times are checked against the knock, not the fix.
      if (this.pairExplains(pairs, n)) break;
      const fix = this.solver.solve(this.gx, this.gy, this.gt, n, this.ss);
      if (!fix) {
        for (let m = 0; m < n; m++) if (Number.isNaN(this.open.bad[this.gk[m]!]!)) this.open.bad[this.gk[m]!] = pU[start]!;
        continue;
      }
      // The same with one rail sensor only: the fix on that rail's cushion line.
      if (this.onCushionOfKnock(fix.x, fix.y, fix.sd, railMask)) break;
      let holds = false;
      for (let m = 0; m < n; m++) if (m !== fix.dropped && this.gk[m] === 0) holds = true;
      consider(CLICK, fix.t0, fix.t0, -1, 0, 0, -1, -1, holds);
      if (kind === CLICK) {
        this.clickFix = fix;
        this.clickN = n;
        this.clickKs.set(this.gk.subarray(0, n));
      }
      break;
    }

    this.open.fate.fill(KEEP, 0, this.open.n);
    if (kind === 0) {
      // Nothing placed: the anchor alone goes.
      const bad = this.open.bad[0]!;
      if (Number.isNaN(bad)) this.counts.rejected.single++;
      else {
        this.counts.rejected.inconsistent++;
        if (bad !== this.lastBadCounted) this.counts.rejectedGroups.inconsistent++;
        this.lastBadCounted = bad;
      }
      this.open.fate[0] = USED;
    } else {
      out ??= [];
      out.push(this.emit(kind, bT0, bRail, bAlong, bSd, bK1, bK2));
      for (let k = 0; k < this.open.n; k++) if (this.open.fate[k] === KEEP && this.echo(pS[k]!, pU[k]!)) this.open.fate[k] = ECHO;
      this.countEchoGroups(wn);
    }
    this.counts.rejected.crosstalk += this.open.compact();
    return out;
  }

  /**
   * Whether one of the window's rail pairs explains every arrival of the slate group as its echo
   * (none earlier than the knock's wave could reach it, none after its echo window).
   */
  private pairExplains(pairs: number, n: number): boolean {
    for (let p = 0; p < pairs; p++) {
      const t0 = this.pairT0[p]!;
      let all = true;
      for (let m = 0; m < n && all; m++) {
        const u = this.gt[m]!;
        const d = Math.hypot(this.gx[m]! - this.pairX[p]!, this.gy[m]! - this.pairY[p]!);
        all = u >= t0 + d * this.sFast - this.margin && u <= t0 + this.crosstalkUs;
      }
      if (all) return true;
    }
    return false;
  }

  /** Whether a slate fix lies on the cushion line of a rail that has a knock candidate (bit mask by rail index). */
  private onCushionOfKnock(x: number, y: number, sd: number, railMask: number): boolean {
    const { width, height } = this.geometry.layout;
    const band = Math.max(this.edgeBand, 2 * sd);
    for (let r = 0; r < this.geometry.rails.length; r++) {
      if (!(railMask & (1 << r))) continue;
      const rail = this.geometry.rails[r]!.rail;
      const d = rail === 'n' ? height - y : rail === 's' ? y : rail === 'e' ? width - x : x;
      if (d <= band) return true;
    }
    return false;
  }

  /** Builds the winner's output, marks its arrivals used and makes it a source of echoes. */
  private emit(kind: number, t0: number, r: number, along: number, sd: number, k1: number, k2: number): Localised {
    const g = this.geometry;
    const ids = g.layout.sensors;
    if (kind === CLICK) {
      const fix = this.clickFix!;
      const sensors: string[] = [];
      let first = -1;
      for (let m = 0; m < this.clickN; m++) {
        if (m === fix.dropped) continue;
        const k = this.clickKs[m]!;
        this.open.fate[k] = USED;
        sensors.push(ids[this.open.sensor[k]!]!.id);
        if (first < 0 || this.open.u[k]! < this.open.u[first]!) first = k;
      }
      const x = Math.min(g.layout.width, Math.max(0, fix.x));
      const y = Math.min(g.layout.height, Math.max(0, fix.y));
      this.sources.add(t0, x, y, x, y);
      this.counts.clicks++;
      const c: Click = { kind: 'click', t: this.open.hubTime(first, t0), x, y, sd: fix.sd, sensors };
      return c;
    }
    const rail = g.rails[r]!;
    this.open.fate[k1] = USED;
    if (kind === PAIR) {
      this.open.fate[k2] = USED;
      const p = pointOn(g.layout, rail.rail, along);
      this.sources.add(t0, p.x, p.y, p.x, p.y);
      this.counts.knocks++;
      const first = this.open.u[k1]! <= this.open.u[k2]! ? k1 : k2;
      const k: Knock = {
        kind: 'knock',
        t: this.open.hubTime(first, t0),
        rail: rail.rail,
        along,
        x: p.x,
        y: p.y,
        sd,
        sensors: [ids[this.open.sensor[k1]!]!.id, ids[this.open.sensor[k2]!]!.id],
      };
      return k;
    }
    // One sensor heard it: somewhere on the rail, uniformly; the emission by the mean travel from there.
    const at = this.open.sensor[k1] === rail.a ? rail.pa : rail.pb;
    const L = rail.length;
    const meanTravel = ((at * at + (L - at) * (L - at)) / (2 * L)) * this.sr;
    const farthest = Math.max(at, L - at) * this.sr;
    const p0 = pointOn(g.layout, rail.rail, 0);
    const p1 = pointOn(g.layout, rail.rail, L);
    this.sources.add(this.open.u[k1]! - farthest, p0.x, p0.y, p1.x, p1.y);
    this.counts.knocks++;
    this.counts.loneKnocks++;
    const mid = pointOn(g.layout, rail.rail, L / 2);
    const k: Knock = {
      kind: 'knock',
      t: this.open.hubTime(k1, this.open.u[k1]! - meanTravel),
      rail: rail.rail,
      along: L / 2,
      x: mid.x,
      y: mid.y,
      sd: L / Math.sqrt(12),
      sensors: [ids[this.open.sensor[k1]!]!.id],
    };
    return k;
  }

  /** Counts the slate groups and rail pairs of the window that went entirely as echoes. */
  private countEchoGroups(wn: number): void {
    const g = this.geometry;
    let slateEchoes = 0;
    const rf = this.railFirst;
    for (let r = 0; r < g.rails.length; r++) {
      const ka = rf[2 * r]!;
      const kb = rf[2 * r + 1]!;
      if (ka >= 0 && kb >= 0 && this.open.fate[ka] === ECHO && this.open.fate[kb] === ECHO) this.counts.rejectedGroups.crosstalk++;
    }
    for (let k = 0; k < wn; k++) if (g.railOf[this.open.sensor[k]!]! < 0 && this.open.fate[k] === ECHO) slateEchoes++;
    if (slateEchoes >= 3) this.counts.rejectedGroups.crosstalk++;
  }
}
