/**
 * Learns the games' base rates (`npm run base-rates`): every game with a truth adapter is played
 * through the whole chain with bar noise and a referee answering from the truth, and each question
 * that carries a basis is counted by the answer that was true (`=` when it was the engine's own
 * default). Each game's counts go to bench/results/base-rates/<game>.json; then all the games
 * counted so far go to hub/rules/base-rates.data.ts, which the engines' questions read
 * (hub/rules/common/base-rates.ts). Games can be counted in separate runs (`--only`), even at once.
 *
 * The seeds here are not the yardstick's (bench/automation.ts, seed 20261206), so the yardstick
 * measures the probabilities on games they were not learned from.
 *
 * Options: --shots N (per seed and game, default 1000), --seeds a,b (default 1,2), --only game,game.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { CATALOGUE } from '../../shared/game/catalogue';
import { BAR_NOISE } from '../../sim/signals/signals';
import { sightingKey, type BaseRates } from '../../hub/rules/common/base-rates';
import { engineWithoutBaseRates } from '../../hub/rules/registry';
import { RESULTS_DIR } from '../lib';
import { ADAPTERS } from './adapters';
import { runChain } from './chain';
import { calibratedTable } from './acoustic';
import { BASE_RATES } from '../../hub/rules/base-rates.data';

const args = process.argv.slice(2);
const argOf = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const SHOTS = Number(argOf('--shots') ?? 1000);
const SEEDS = (argOf('--seeds') ?? '1,2').split(',').map(Number);
const ONLY = argOf('--only')?.split(',');
/** Count the games on another profile of their table (carom-acoustic: the tracker's readings, issue #26), calibrated as the staff would. */
const PROFILE = argOf('--profile');
const SUFFIX = PROFILE ? `@${PROFILE}` : '';
const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../hub/rules/base-rates.data.ts');
const COUNTS = path.join(RESULTS_DIR, 'base-rates');

interface Counted {
  game: string;
  /** Counted on this profile instead of the catalogue's (its bases are the tracker's: `tracked|…`). */
  profile?: string;
  seeds: number[];
  shots: number;
  counts: BaseRates[string];
}

mkdirSync(COUNTS, { recursive: true });
for (const entry of CATALOGUE) {
  if (ONLY && !ONLY.includes(entry.id)) continue;
  const factory = ADAPTERS[entry.family];
  if (!factory) continue;
  const counts: BaseRates[string] = {};
  let n = 0;
  for (const seed of SEEDS) {
    const played = factory(entry.id)(seed);
    const adapter = PROFILE ? { ...played, profile: PROFILE } : played;
    const cal = PROFILE ? calibratedTable(PROFILE, seed, BAR_NOISE) : undefined;
    runChain({
      ...(cal ? { acoustic: cal.table, layout: cal.layout } : {}),
      game: entry.id,
      adapter,
      shots: adapter.play(SHOTS),
      mode: 'referee',
      noise: BAR_NOISE,
      seed,
      // The engine's own defaults, and every question asked: the counts say how often each default was the truth.
      engine: engineWithoutBaseRates(entry.id)!,
      askBelow: 2,
      onQuestion: (d, truth) => {
        if (d.basis === undefined || truth === null || !d.options.some((o) => o.value === truth)) return;
        const answers = ((counts[d.kind] ??= {})[d.basis] ??= {});
        const key = sightingKey(truth, d.default);
        answers[key] = (answers[key] ?? 0) + 1;
        n++;
      },
    });
  }
  const counted: Counted = { game: entry.id, seeds: SEEDS, shots: SHOTS, counts, ...(PROFILE ? { profile: PROFILE } : {}) };
  writeFileSync(path.join(COUNTS, `${entry.id}${SUFFIX}.json`), JSON.stringify(counted, null, 1));
  console.log(`${entry.id}: ${n} questions with a basis counted (seeds ${SEEDS.join(', ')}, ${SHOTS} shots each)`);
}

// Every game counted so far into the engines' data module: what this machine counted (bench/results/base-rates/)
// over what the module already holds (a fresh clone counts one game without losing the others').
// A count on the catalogue's profile replaces the game's bases but the tracker's; one on another
// profile replaces the tracker's bases (`tracked|…`) only.
const TRACKED = 'tracked|';
const all: BaseRates = JSON.parse(JSON.stringify(BASE_RATES)) as BaseRates;
const made = new Map(previousSources(readFileSync(OUT, 'utf8')));
for (const entry of CATALOGUE) {
  for (const file of [`${entry.id}.json`, ...readdirSync(COUNTS).filter((f) => f.startsWith(`${entry.id}@`))]) {
    const at = path.join(COUNTS, file);
    if (!existsSync(at)) continue;
    const c = JSON.parse(readFileSync(at, 'utf8')) as Counted;
    const game = (all[entry.id] ??= {});
    for (const kind of Object.keys(game))
      for (const basis of Object.keys(game[kind]!)) if (basis.startsWith(TRACKED) === (c.profile !== undefined)) delete game[kind]![basis];
    for (const [kind, bases] of Object.entries(c.counts)) Object.assign((game[kind] ??= {}), bases);
    for (const kind of Object.keys(game)) if (Object.keys(game[kind]!).length === 0) delete game[kind];
    made.set(file.replace(/\.json$/, ''), `${entry.id}${c.profile ? ` on ${c.profile}` : ''} (seeds ${c.seeds.join(', ')}, ${c.shots} shots each)`);
  }
}

/** The module's "Counted from" lines, by what counted them (`game` or `game@profile`). */
function previousSources(text: string): [string, string][] {
  return [...text.matchAll(/^ \* - (\S+)( on (\S+))? (\(seeds .*\))$/gm)].map((m) => [m[3] ? `${m[1]}@${m[3]}` : m[1]!, `${m[1]}${m[2] ?? ''} ${m[4]}`]);
}

const source = [
  '/**',
  " * The games' base rates: sightings of each true answer per game, question kind and basis (`=`:",
  " * the engine's own default was the truth). Made by `npm run base-rates` (bench/automation/base-rates.ts);",
  ' * do not edit by hand. Counted from:',
  ...[...made.values()].map((m) => ` * - ${m}`),
  ' */',
  '',
  '/**',
  " * Sightings of each true answer, per game, kind and basis. The key `=` counts the times the engine's",
  ' * own default was the truth (its meaning is often relative, "the side that plays into this goal",',
  " * while the answer's value names a side); any other key is an answer's value.",
  ' */',
  'export type BaseRates = Record<string, Record<string, Record<string, Record<string, number>>>>;',
  '',
  `export const BASE_RATES: BaseRates = ${JSON.stringify(all)};`,
  '',
].join('\n');
writeFileSync(OUT, await prettier.format(source, { ...(await prettier.resolveConfig(OUT)), filepath: OUT }));
console.log(`written ${OUT}`);
