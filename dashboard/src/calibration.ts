/**
 * The calibration assistant's texts in the viewer's language. The hub (hub/calibration/) writes
 * its step instructions, methods and warnings in English; the dashboard makes the instruction
 * from the step's machine data (kind, event, place, count) and translates the methods and
 * warnings it knows by their fixed phrases, keeping the numbers. Any other line is shown as the
 * hub wrote it (as text).
 */
import type { CalibrationRecord, SessionView, StepView, Suggestion } from '../../shared/api/calibration';
import { en, type Key } from '../i18n/en';
import { t } from './i18n';

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
  const what = s.kind === 'pocket' ? 'pocket' : isBumperBus(s) ? 'bumper' : (s.event ?? '');
  const key = `calib.what.${what}`;
  const label = has(key) ? tidy(tr(key, { place: s.place ?? '' })) : what;
  return `${s.sensor ?? ''} · ${label}`;
}

/** The instruction for a step in the current language; the hub's English when the step is of a kind not known here. */
export function stepInstruction(s: CalStep, tr: Translate = t): string {
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
  return [e.s, e.e, e.p, e.w !== undefined ? `${e.w} µs` : undefined, e.m !== undefined ? `${e.m}‰` : undefined]
    .filter((x) => x !== undefined && x !== '')
    .join(' ');
}
