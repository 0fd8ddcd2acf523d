/**
 * The calibration assistant's texts in the viewer's language. The hub (hub/calibration/) writes
 * its step instructions, methods and warnings in English; the dashboard makes the instruction
 * from the step's machine data (kind, event, place, count) and translates the methods and
 * warnings it knows by their fixed phrases, keeping the numbers. Any other line is shown as the
 * hub wrote it (as text).
 */
import type { AcousticPoint, CalibrationRecord, SessionView, StepView, Suggestion } from '../../shared/api/calibration';
import { en, type Key } from '../i18n/en';
import { t } from './i18n';
import { placeName } from './places';

type Vars = Record<string, string | number>;
export type Translate = (key: Key, vars?: Vars) => string;

/** The calibration API's types are the hub's own (shared/api/calibration.ts), not copies. */
export type CalStep = StepView;
export type CalSession = SessionView;
export type CalSuggestion = Suggestion;
export type CalRecord = CalibrationRecord;

const has = (k: string): k is Key => k in en;
const tidy = (s: string): string =>
  s
    .replace(/\s{2,}/g, ' ')
    .replace(/\s+([.,:;)])/g, '$1')
    .trim();

/** Golf billiards' bumper bus: a cushion piezo at place `bumper` (every bumper post on one input). */
function isBumperBus(s: Pick<CalStep, 'event' | 'place'>): boolean {
  return s.event === 'cushion' && s.place === 'bumper';
}

/** What a step is about, short: "goal a", "rail n", "bumpers", "quiet (noise)". */
export function stepName(s: Pick<CalStep, 'kind' | 'event' | 'place' | 'sensor'>, tr: Translate = t): string {
  if (s.kind === 'quiet') return tr('calib.what.quiet');
  if (s.kind === 'acoustic') return tr('calib.what.acoustic');
  const what = s.kind === 'pocket' ? 'pocket' : isBumperBus(s) ? 'bumper' : (s.event ?? '');
  const key = `calib.what.${what}`;
  const label = has(key) ? tidy(tr(key, { place: s.place ?? '' })) : what;
  return `${s.sensor ?? ''} · ${label}`;
}

/**
 * The acoustic step's points, short, in the order asked for: "rail n 1–7, rail e 1–3, …" (runs of
 * diamonds of one rail) and "1×1, 3×1, …" (bed points), as the hub writes them (hub/acoustic/step.ts).
 */
export function acousticLists(points: AcousticPoint[], tr: Translate = t): { rails: string; bed: string } {
  const runs: { rail: string; from: number; to: number }[] = [];
  for (const p of points) {
    if (p.surface !== 'rail') continue;
    const last = runs[runs.length - 1];
    if (last && last.rail === p.rail && last.to === p.diamond - 1) last.to = p.diamond;
    else runs.push({ rail: p.rail ?? '', from: p.diamond, to: p.diamond });
  }
  const rails = runs.map((r) => tr('calib.acoustic.rails', { rail: r.rail, diamonds: r.from === r.to ? String(r.from) : `${r.from}–${r.to}` }));
  const bed = points.filter((p) => p.surface === 'slate').map((p) => `${p.diamond}×${p.across ?? ''}`);
  return { rails: rails.join(', '), bed: bed.join(', ') };
}

/** One acoustic point in words: "rail n, diamond 3", "bed point 1×2". */
export function pointName(p: AcousticPoint, tr: Translate = t): string {
  return p.surface === 'rail'
    ? tr('calib.acoustic.pointRail', { rail: p.rail ?? '', d: p.diamond })
    : tr('calib.acoustic.pointBed', { d: p.diamond, a: p.across ?? '' });
}

function acousticInstruction(s: CalStep, tr: Translate): string {
  const points = s.points ?? [];
  const { rails, bed } = acousticLists(points, tr);
  return [tr('calib.do.acoustic', { n: points.length }), rails ? tr('calib.do.acousticRails', { rails }) : '', bed ? tr('calib.do.acousticBed', { bed }) : '']
    .filter(Boolean)
    .join(' ');
}

/** The instruction for a step in the current language; the hub's English when the step is of a kind not known here. */
export function stepInstruction(s: CalStep, tr: Translate = t): string {
  if (s.kind === 'acoustic') return s.points ? tidy(acousticInstruction(s, tr)) : s.instruction;
  const what = s.kind === 'quiet' ? 'quiet' : s.kind === 'pocket' ? 'pocket' : isBumperBus(s) ? 'bumper' : (s.event ?? '');
  const key = `calib.do.${what}`;
  return has(key) ? tidy(tr(key, { place: s.place ?? '', n: s.count })) : s.instruction;
}

const N = '(-?[\\d.]+)';
/** The fixed phrases of hub/calibration/suggest.ts, with their keys and the names of their numbers. */
const LINES: [RegExp, Key, string[]][] = [
  [new RegExp(`^deadMs: longest ringing ${N} ms × 1\\.25 \\+ 2 ms$`), 'calib.m.deadRing', ['ms']],
  [/^deadMs: no ringing seen \(one edge per hit\), the profile value is kept$/, 'calib.m.deadKept', []],
  [/^threshold: no level pin \(analog\) on this sensor, so only the counts can be checked; /, 'calib.m.noLevel', []],
  [new RegExp(`^threshold: halfway between the noise floor ${N}‰ and the weakest hit ${N}‰$`), 'calib.m.threshold', ['floor', 'weakest']],
  [
    new RegExp(`^minWidthUs: twice the longest noise pulse ${N} µs \\(above a quarter of the shortest ball ${N} µs\\)$`),
    'calib.m.widthNoise',
    ['loud', 'shortest'],
  ],
  [new RegExp(`^minWidthUs: halfway between the longest noise pulse ${N} µs and the shortest ball ${N} µs$`), 'calib.m.widthHalf', ['loud', 'shortest']],
  [new RegExp(`^minWidthUs: a quarter of the shortest ball pulse ${N} µs$`), 'calib.m.widthQuarter', ['shortest']],
  [new RegExp(`^debounceMs: longest bounce gap ${N} ms × 1\\.5$`), 'calib.m.debounceGap', ['ms']],
  [/^debounceMs: no bounce seen \(one pulse per ball\), the profile value is kept$/, 'calib.m.debounceKept', []],
  [new RegExp(`^captureMs: ${N} ball\\(s\\) dropped in were reported as rattles, so the window is doubled$`), 'calib.m.capture', ['n']],
  [/^no event from (\S+) during its step: /, 'calib.w.silent', ['sensor']],
  [new RegExp(`^asked for ${N}, counted ${N}: some were missed`), 'calib.w.fewer', ['asked', 'n']],
  [new RegExp(`^asked for ${N}, counted ${N}: extra events \\(noise, or hits less than ${N} ms apart\\)$`), 'calib.w.more', ['asked', 'n', 'gap']],
  [new RegExp(`^(\\S+) fired ${N} time\\(s\\) during this step \\(crosstalk\\)$`), 'calib.w.crosstalk', ['sensor', 'n']],
  [new RegExp(`^ringing of ${N} ms is longer than ${N} ms: `), 'calib.w.ringing', ['ms', 'cap']],
  [new RegExp(`^noise \\(up to ${N}‰\\) is as loud as the weakest hit \\(${N}‰\\): `), 'calib.w.levelNoise', ['floor', 'weakest']],
  [new RegExp(`^noise pulses \\(${N} µs\\) come close to ball pulses \\(${N} µs\\): `), 'calib.w.widthNoise', ['loud', 'shortest']],
  [new RegExp(`^bounce gaps of ${N} ms: `), 'calib.w.bounce', ['ms']],
  [new RegExp(`^${N} ball\\(s\\) rolled in were counted as rattles: `), 'calib.w.rattles', ['n']],
  // The acoustic step's (hub/acoustic/step.ts).
  [new RegExp(`^${N} of ${N} points not heard: (.+)$`), 'calib.w.acousticMissed', ['n', 'asked', 'points']],
  [new RegExp(`^${N} knock\\(s\\) heard that match no point`), 'calib.w.acousticExtra', ['n']],
  [/^rail (\w+): fewer than 2 knocks heard by both its sensors/, 'calib.w.acousticRail', ['rail']],
  [new RegExp(`^rail speed ${N} m/s is far from the profile's ${N} m/s: `), 'calib.w.railSpeed', ['got', 'was']],
  [new RegExp(`^slate speed ${N} m/s is far from the profile's ${N} m/s: `), 'calib.w.slateSpeed', ['got', 'was']],
];

/** A method or warning line of a suggestion in the current language (the hub's text when unknown). */
export function suggestionLine(line: string, tr: Translate = t): string {
  for (const [re, key, names] of LINES) {
    const m = re.exec(line);
    if (!m) continue;
    const v: Vars = {};
    names.forEach((name, i) => {
      v[name] = m[i + 1] ?? '';
    });
    return tr(key, v);
  }
  return line;
}

/** A device event as one short line for the live list: sensor, event, place, width or level. */
export function eventLine(e: { s: string; e: string; p?: string; w?: number; m?: number }): string {
  return [e.s, e.e, e.p === undefined ? undefined : placeName(e.p), e.w !== undefined ? `${e.w} µs` : undefined, e.m !== undefined ? `${e.m}‰` : undefined]
    .filter((x) => x !== undefined && x !== '')
    .join(' ');
}
