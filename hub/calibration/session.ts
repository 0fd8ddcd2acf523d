/**
 * One calibration run for one device: walks the plan step by step, records the device events
 * that arrive during each step, and turns them into suggestions and the record that is stored.
 * The acoustic step (tables with acoustic sensors) gives the table's wave speeds and sensor
 * delays instead (hub/acoustic/step.ts), worked out once when the step is ended.
 * Pure: no timers, no I/O; the caller feeds events and moves the steps (the API plugin, a test).
 */
import type { DeviceEvent } from '../../shared/protocol/schema';
import type { TableProfile } from '../../shared/profile';
import type { AcousticCalibration, CalibrationRecord, CalibrationStep, SessionView, Suggestion } from '../../shared/api/calibration';
import { ACOUSTIC_STEP, planFor, profileOptions } from './plan';
import { suggestFor, type Sample, type StepRecord } from './suggest';
import { acousticPlan, acousticResult, knocksOf } from '../acoustic/step';
import type { AcousticLayout } from '../../shared/tables/acoustic';

export type { StepView, SessionView, CalibrationRecord } from '../../shared/api/calibration';

export class CalibrationSession {
  readonly steps: CalibrationStep[];
  private index = 0;
  private readonly samples: Sample[][];
  /** The acoustic step's result, worked out when the step is ended; undefined until then (or after it was redone). */
  private acoustic: AcousticCalibration | null | undefined;
  private readonly acousticIndex: number;
  private readonly acousticLayout: AcousticLayout | null;

  constructor(
    readonly id: string,
    readonly table: string,
    readonly device: string,
    readonly profile: TableProfile,
  ) {
    this.steps = planFor(profile);
    this.samples = this.steps.map(() => []);
    this.acousticIndex = this.steps.findIndex((s) => s.id === ACOUSTIC_STEP && s.kind === 'acoustic');
    this.acousticLayout = acousticPlan(profile)?.layout ?? null;
  }

  get current(): CalibrationStep | null {
    return this.steps[this.index] ?? null;
  }

  get done(): boolean {
    return this.index >= this.steps.length;
  }

  /** Records an event of this device into the current step. False when it is not one to keep. */
  record(e: DeviceEvent): boolean {
    if (e.d !== this.device || this.done) return false;
    const x: Sample = { s: e.s, e: e.e, b: e.b, t: e.t };
    if (e.m !== undefined) x.m = e.m;
    if (e.w !== undefined) x.w = e.w;
    this.samples[this.index]!.push(x);
    return true;
  }

  /** Ends the current step and moves to the next; returns it (null when the plan is done). */
  next(): CalibrationStep | null {
    if (!this.done) {
      if (this.index === this.acousticIndex) this.acoustic = acousticResult(this.profile, this.samples[this.index]!);
      this.index++;
    }
    return this.current;
  }

  /** Forgets what the current step recorded, to do it again. */
  redo(): void {
    if (this.done) return;
    this.samples[this.index] = [];
    if (this.index === this.acousticIndex) this.acoustic = undefined;
  }

  /** Goes back to step `i` (already done or current) and forgets what it and the later ones recorded. */
  goTo(i: number): void {
    if (!Number.isInteger(i) || i < 0 || i > Math.min(this.index, this.steps.length - 1)) return;
    for (let k = i; k < this.steps.length; k++) this.samples[k] = [];
    if (this.acousticIndex >= i) this.acoustic = undefined;
    this.index = i;
  }

  /**
   * The sensor steps' records (the quiet step's too). Not the acoustic step's: there every
   * sensor is knocked on purpose, which is no sensor's noise.
   */
  records(): StepRecord[] {
    return this.steps.flatMap((s, i) => (i === this.acousticIndex ? [] : [{ id: s.id, samples: this.samples[i]! }]));
  }

  /** What the acoustic step gave once it was ended; null when the profile has none or it is not done yet. */
  acousticCalibration(): AcousticCalibration | null {
    return this.acoustic ?? null;
  }

  /** Suggestions for every sensor whose step has been done (or is under way). */
  suggestions(): Suggestion[] {
    const recs = this.records();
    const out: Suggestion[] = [];
    for (let i = 0; i < this.steps.length; i++) {
      const step = this.steps[i]!;
      if (step.sensor === null || i > this.index) continue;
      const s = this.profile.sensors.find((x) => x.id === step.sensor)!;
      out.push(suggestFor(s, recs, step.count));
    }
    return out;
  }

  /**
   * The stored record: the profile's values for everything the raw mode lowered, overridden by
   * every suggested value, in one set; the thresholds by sensor.
   */
  result(at: Date): CalibrationRecord {
    const suggestions = this.suggestions();
    const set: Record<string, number> = profileOptions(this.profile);
    const thresholds: CalibrationRecord['thresholds'] = {};
    for (const s of suggestions) {
      Object.assign(set, s.set);
      if (s.threshold) thresholds[s.sensor] = s.threshold;
    }
    const rec: CalibrationRecord = { table: this.table, device: this.device, profile: this.profile.id, at: at.toISOString(), set, thresholds, suggestions };
    if (this.acoustic) rec.acoustic = this.acoustic;
    return rec;
  }

  view(): SessionView {
    return {
      id: this.id,
      table: this.table,
      device: this.device,
      profile: this.profile.id,
      current: this.index,
      done: this.done,
      steps: this.steps.map((s, i) => {
        const seen: Record<string, number> = {};
        for (const x of this.samples[i]!) seen[x.s] = (seen[x.s] ?? 0) + 1;
        if (i !== this.acousticIndex) return { ...s, seen };
        return { ...s, seen, acoustic: { heard: knocksOf(this.samples[i]!, this.acousticLayout!).length, result: this.acoustic ?? null } };
      }),
    };
  }
}
