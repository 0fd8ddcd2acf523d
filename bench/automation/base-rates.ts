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
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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

const args = process.argv.slice(2);
const argOf = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const SHOTS = Number(argOf('--shots') ?? 1000);
const SEEDS = (argOf('--seeds') ?? '1,2').split(',').map(Number);
const ONLY = argOf('--only')?.split(',');
const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../hub/rules/base-rates.data.ts');
const COUNTS = path.join(RESULTS_DIR, 'base-rates');

interface Counted {
  game: string;
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
    const adapter = factory(entry.id)(seed);
    runChain({
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
  const counted: Counted = { game: entry.id, seeds: SEEDS, shots: SHOTS, counts };
  writeFileSync(path.join(COUNTS, `${entry.id}.json`), JSON.stringify(counted, null, 1));
  console.log(`${entry.id}: ${n} questions with a basis counted (seeds ${SEEDS.join(', ')}, ${SHOTS} shots each)`);
}

// Every game counted so far, in catalogue order, into the engines' data module.
const all: BaseRates = {};
const made: string[] = [];
for (const entry of CATALOGUE) {
  const file = path.join(COUNTS, `${entry.id}.json`);
  if (!existsSync(file)) continue;
  const c = JSON.parse(readFileSync(file, 'utf8')) as Counted;
  if (Object.keys(c.counts).length > 0) all[entry.id] = c.counts;
  made.push(`${entry.id} (seeds ${c.seeds.join(', ')}, ${c.shots} shots each)`);
}
const source = [
  '/**',
  " * The games' base rates: sightings of each true answer per game, question kind and basis (`=`:",
  " * the engine's own default was the truth). Made by `npm run base-rates` (bench/automation/base-rates.ts);",
  ' * do not edit by hand. Counted from:',
  ...made.map((m) => ` * - ${m}`),
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
