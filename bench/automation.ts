/**
 * The automation yardstick: what an unattended table gets right (`npm run bench -- --only
 * automation`; alone: `node --import tsx bench/automation.ts`). Per game of the catalogue that has a
 * truth adapter (bench/automation/<family>.ts), simulated matches go through the whole chain
 * (bench/automation/chain.ts: physics -> sensor signals with bar noise -> the real firmware bundle
 * -> the hub's shot assembly -> the engine) twice: nobody answering (defaults), and a referee
 * answering from the truth; then, unattended, a sweep over sensor quality (piezo timestamp jitter,
 * missed and doubled knocks, one at a time). Figures to bench/results/automation.json, one object
 * per game id; docs/automation.md says what they mean.
 *
 * Options: --quick (100 shots a game, sweep 60), --shots N (default 1000), --sweep-shots N (default
 * 300), --no-sweep, --seed S (default 20261206), --only game,game; --markdown prints the last figures as
 * docs/automation.md's tables and runs nothing.
 */
import { performance } from 'node:perf_hooks';
import { CATALOGUE } from '../shared/game/catalogue';
import { NO_NOISE, BAR_NOISE, type NoiseOptions } from '../sim/signals/signals';
import { runChain, type Mode, type Tally } from './automation/chain';
import { calibratedTable, type CalibratedTable } from './automation/acoustic';
import { ADAPTERS } from './automation/adapters';
import { markdownTables } from './automation/report';
import { RESULTS_DIR, writeResult } from './lib';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { GameAdapter, PlayedShot } from './automation/types';

const args = process.argv.slice(2);
const argOf = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const QUICK = args.includes('--quick');
const SHOTS = Number(argOf('--shots') ?? (QUICK ? 100 : 1000));
const SWEEP_SHOTS = Math.min(SHOTS, Number(argOf('--sweep-shots') ?? (QUICK ? 60 : 300)));
const SWEEP = !args.includes('--no-sweep');
const SEED = Number(argOf('--seed') ?? 20261206);
const ONLY = argOf('--only')?.split(',');

if (args.includes('--markdown')) {
  // The tables of docs/automation.md from the last figures; nothing is run.
  const file = path.join(RESULTS_DIR, 'automation.json');
  if (!existsSync(file)) throw new Error(`no figures yet: run the yardstick first (${file} is missing)`);
  console.log(markdownTables(JSON.parse(readFileSync(file, 'utf8'))));
  process.exit(0);
}

/** The reported figures of one run (fractions 0..1, rounded to 4 places). */
export interface Figures {
  shots: number;
  decidedAloneFraction: number;
  /** Questions the engine was sure of and decided alone (not asked), per 100 shots. */
  decidedSurePer100: number;
  questionsPer100: number;
  questionsNoDefaultPer100: number;
  /** Fouls no sensor sees, taken as no foul and offered to a claim (not asked), per 100 shots; and those that were fouls in truth. */
  claimsOfferedPer100: number;
  claimsNeededPer100: number;
  shotAccuracy: number;
  judgedAccuracy: number;
  turnDriftFraction: number;
  truePoints: number;
  pointsCreditedFraction: number;
  pointsFalseFraction: number;
  pointsFalse: number;
  pointsLost: number;
  units: number;
  matchAccuracy: number | null;
  refused: number;
  /** Per question kind: asked, and defaults that differ from the truth's answer. */
  byKind: Tally['byKind'];
  /** Captures the pocket sensors named (sure) or read (a question's default), and how many of each were wrong. */
  identity: Tally['identity'];
  /** The tracker's time per shot, ms, on a table with acoustic sensors (issue #26: at most 100 ms at p99). */
  trackerMs?: { p50: number; p99: number; max: number; shots: number };
}

const frac = (a: number, b: number): number => (b === 0 ? 1 : Math.round((a / b) * 10_000) / 10_000);

export function figuresOf(t: Tally): Figures {
  return {
    shots: t.shots,
    decidedAloneFraction: frac(t.decidedAlone, t.shots),
    decidedSurePer100: Math.round((t.decidedSure / Math.max(1, t.shots)) * 1000) / 10,
    questionsPer100: Math.round((t.questions / Math.max(1, t.shots)) * 1000) / 10,
    questionsNoDefaultPer100: Math.round((t.questionsNoDefault / Math.max(1, t.shots)) * 1000) / 10,
    claimsOfferedPer100: Math.round((t.claimsOffered / Math.max(1, t.shots)) * 1000) / 10,
    claimsNeededPer100: Math.round((t.claimsNeeded / Math.max(1, t.shots)) * 1000) / 10,
    shotAccuracy: frac(t.shotsRight, t.shots),
    judgedAccuracy: frac(t.judgedRight, t.shots),
    turnDriftFraction: frac(t.turnDrift, t.shots),
    truePoints: t.truePoints,
    pointsCreditedFraction: frac(t.pointsRight, t.truePoints),
    pointsFalseFraction: t.truePoints === 0 ? (t.pointsFalse === 0 ? 0 : 1) : frac(t.pointsFalse, t.truePoints),
    pointsFalse: t.pointsFalse,
    pointsLost: t.pointsLost,
    units: t.units,
    matchAccuracy: t.units === 0 ? null : frac(t.unitsRight, t.units),
    refused: t.refused,
    byKind: t.byKind,
    identity: t.identity,
    ...(t.tracker && t.tracker.length > 0 ? { trackerMs: quantiles(t.tracker) } : {}),
  };
}

function quantiles(ms: readonly number[]): NonNullable<Figures['trackerMs']> {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number): number => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  return { p50: at(0.5), p99: at(0.99), max: s[s.length - 1]!, shots: s.length };
}

/** One factor at a time, the others off: what each sensor fault alone costs the unattended table. */
const SWEEP_POINTS: { factor: 'jitterUs' | 'missed' | 'doubled'; value: number }[] = [
  ...[0, 20, 50, 100, 200].map((value) => ({ factor: 'jitterUs' as const, value })),
  ...[0.01, 0.05].map((value) => ({ factor: 'missed' as const, value })),
  ...[0.01, 0.05].map((value) => ({ factor: 'doubled' as const, value })),
];

/**
 * An acoustic table (issue #26) is calibrated as the staff would, under the same sensor noise as
 * the run, before it plays: the hub localises with what it learned (bench/automation/acoustic.ts).
 */
const calibrations = new Map<string, CalibratedTable | undefined>();
function calibrationFor(profile: string, noise: NoiseOptions): CalibratedTable | undefined {
  const key = `${profile} ${JSON.stringify(noise)}`;
  if (!calibrations.has(key)) calibrations.set(key, calibratedTable(profile, SEED, noise));
  return calibrations.get(key);
}

function run(game: string, adapter: GameAdapter, shots: readonly PlayedShot[], mode: Mode, noise: NoiseOptions): Figures {
  const cal = calibrationFor(adapter.profile, noise);
  return figuresOf(runChain({ game, adapter, shots, mode, noise, seed: SEED, ...(cal ? { acoustic: cal.table, layout: cal.layout } : {}) }));
}

const pct = (x: number | null): string => (x === null ? '-' : `${(x * 100).toFixed(1)} %`);
const results: Record<string, unknown> = {};
console.log(`automation yardstick: ${SHOTS} shots a game (sweep ${SWEEP ? SWEEP_SHOTS : 'off'}), seed ${SEED}, bar noise ${JSON.stringify(BAR_NOISE)}`);
for (const entry of CATALOGUE) {
  if (ONLY && !ONLY.includes(entry.id)) continue;
  const factory = ADAPTERS[entry.family];
  if (!factory) {
    console.log(`${entry.id}: not measured (no truth adapter for the ${entry.family} family yet)`);
    results[entry.id] = { game: entry.id, family: entry.family, measured: false };
    continue;
  }
  const adapter = factory(entry.id)(SEED);
  const t0 = performance.now();
  const shots = adapter.play(SHOTS);
  const playSeconds = Math.round((performance.now() - t0) / 100) / 10;
  measure(entry.id, entry.id, entry.family, adapter, shots, playSeconds);
  // The acoustic plan of a carom table (issue #26), on the same shots: the tracker's yardstick.
  if (entry.family === 'carom') measure(entry.id, `${entry.id}@carom-acoustic`, entry.family, { ...adapter, profile: 'carom-acoustic' }, shots, playSeconds);
}

function measure(game: string, id: string, family: string, adapter: GameAdapter, shots: readonly PlayedShot[], playSeconds: number): void {
  const t1 = performance.now();
  const unattended = run(game, adapter, shots, 'unattended', BAR_NOISE);
  const referee = run(game, adapter, shots, 'referee', BAR_NOISE);
  const sweep = SWEEP
    ? SWEEP_POINTS.map((p) => {
        const f = run(game, adapter, shots.slice(0, SWEEP_SHOTS), 'unattended', { ...NO_NOISE, [p.factor]: p.value });
        return {
          ...p,
          shots: f.shots,
          shotAccuracy: f.shotAccuracy,
          judgedAccuracy: f.judgedAccuracy,
          pointsCreditedFraction: f.pointsCreditedFraction,
          pointsFalseFraction: f.pointsFalseFraction,
          questionsPer100: f.questionsPer100,
        };
      })
    : [];
  const chainSeconds = Math.round((performance.now() - t1) / 100) / 10;
  results[id] = {
    game,
    ...(id !== game ? { profile: adapter.profile } : {}),
    family: family,
    measured: true,
    seed: SEED,
    at: new Date().toISOString(),
    shots: unattended.shots,
    unattendedShotAccuracy: unattended.shotAccuracy,
    questionsPer100: unattended.questionsPer100,
    unattendedMatchAccuracy: unattended.matchAccuracy,
    refereeShotAccuracy: referee.shotAccuracy,
    refereeQuestionsPer100: referee.questionsPer100,
    refereeMatchAccuracy: referee.matchAccuracy,
    unattended,
    referee,
    sweep,
    playSeconds,
    chainSeconds,
  };
  console.log(
    [
      id.padEnd(28),
      `shots ${unattended.shots}`,
      `alone ${pct(unattended.decidedAloneFraction)}`,
      `q/100 ${unattended.questionsPer100} (no default ${unattended.questionsNoDefaultPer100})`,
      `claims offered/100 ${unattended.claimsOfferedPer100} (fouls in truth ${unattended.claimsNeededPer100})`,
      `unattended: shot ${pct(unattended.shotAccuracy)} judged ${pct(unattended.judgedAccuracy)} points ${pct(unattended.pointsCreditedFraction)} false ${pct(unattended.pointsFalseFraction)} units ${pct(unattended.matchAccuracy)} of ${unattended.units}`,
      `referee: shot ${pct(referee.shotAccuracy)} points ${pct(referee.pointsCreditedFraction)} units ${pct(referee.matchAccuracy)}`,
      ...(unattended.trackerMs ? [`tracker ${unattended.trackerMs.p50} ms p50, ${unattended.trackerMs.p99} ms p99`] : []),
      `play ${playSeconds} s, chain ${chainSeconds} s`,
    ].join(' | '),
  );
  for (const [kind, k] of Object.entries(unattended.byKind))
    console.log(`  asks ${kind}: ${k.asked}, default wrong ${k.defaultWrong}; decided alone ${k.sure}, wrong ${k.sureWrong}`);
  const ident = unattended.identity;
  if (ident.named + ident.read > 0)
    console.log(
      `  pocket colour: ${ident.named} captures named (${ident.namedWrong} wrong), ${ident.read} read below the venue's certainty (${ident.readWrong} wrong)`,
    );
  for (const s of sweep)
    console.log(
      `  sweep ${s.factor}=${s.value}: shot ${pct(s.shotAccuracy)}, points ${pct(s.pointsCreditedFraction)}, false ${pct(s.pointsFalseFraction)}, q/100 ${s.questionsPer100}`,
    );
}
// With --only, the other games keep the figures of their last run (each entry says its seed and size).
const previous =
  ONLY && existsSync(path.join(RESULTS_DIR, 'automation.json'))
    ? (JSON.parse(readFileSync(path.join(RESULTS_DIR, 'automation.json'), 'utf8')) as Record<string, unknown>)
    : {};
const file = writeResult('automation.json', { ...previous, ...results });
console.log(`written ${file}`);
