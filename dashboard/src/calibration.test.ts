/**
 * The calibration assistant's texts: every method and warning sentence the hub writes
 * (hub/calibration/suggest.ts, read from its source) is translated with its numbers, and every
 * step of every table profile gets an instruction of its own in each language.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { en, type Key } from '../i18n/en';
import { tr } from '../i18n/tr';
import { he } from '../i18n/he';
import { eventLine, stepInstruction, stepName, suggestionLine, type CalStep, type Translate } from './calibration';
import { planFor } from '../../hub/calibration/plan';
import type { TableProfile } from '../../shared/profile';

const dicts = { en, tr, he } as Record<string, Record<Key, string>>;
const translator =
  (lang: string): Translate =>
  (key, vars = {}) =>
    dicts[lang]![key].replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? `{${k}}`));

/** The sentences of suggest.ts, with every `${…}` filled by a number. */
function hubSentences(): string[] {
  const src = readFileSync(new URL('../../hub/calibration/suggest.ts', import.meta.url), 'utf8');
  return [...src.matchAll(/(?:method|warnings)\.push\(\s*(['`])(.*?)\1,?\s*\)/g)].map((m) => m[2]!.replace(/\$\{[^}]+\}/g, '12'));
}

const PROFILES = new URL('../../hardware/profiles/', import.meta.url);
const profiles = readdirSync(PROFILES)
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(new URL(f, PROFILES), 'utf8')) as TableProfile);

describe('calibration texts', () => {
  const sentences = hubSentences();

  it('finds the hub’s sentences', () => {
    expect(sentences.length).toBeGreaterThanOrEqual(19);
  });

  for (const lang of ['en', 'tr', 'he']) {
    it(`${lang}: every method and warning of the hub is translated, numbers kept`, () => {
      for (const s of sentences) {
        const out = suggestionLine(s, translator(lang));
        expect(out, s).not.toMatch(/\{\w+\}/);
        if (s.includes('12')) expect(out, s).toContain('12');
        if (lang === 'en') expect(out.replace(/’/g, "'"), s).toBe(s.startsWith('threshold: no level pin') ? translator('en')('calib.m.noLevel') : s);
        else expect(out, s).not.toBe(s);
      }
    });

    it(`${lang}: every step of every profile has its own instruction and name`, () => {
      const tt = translator(lang);
      for (const p of profiles) {
        for (const step of planFor(p)) {
          const s: CalStep = { ...step, seen: {} };
          const text = stepInstruction(s, tt);
          if (lang !== 'en') expect(text, `${p.id} ${step.id}`).not.toBe(step.instruction);
          expect(text).not.toMatch(/\{\w+\}|\s{2}|\s[.,:]/);
          if (step.count) expect(text).toContain(String(step.count));
          // A place is a label on the table (rail n, goal a); the bumper bus's place names a part, said in words.
          if (step.place && step.place !== 'bumper') expect(text).toContain(step.place);
          if (lang === 'en') expect(text, `${p.id} ${step.id}`).toBe(step.instruction);
          expect(stepName(s, tt)).not.toMatch(/\{\w+\}/);
        }
      }
    });
  }

  it('an unknown sentence stays as the hub wrote it', () => {
    expect(suggestionLine('something new <b>', translator('tr'))).toBe('something new <b>');
  });

  it('an event is one short line', () => {
    expect(eventLine({ s: 'g1', e: 'goal', p: 'a', w: 40000 })).toBe('g1 goal goal A 40000 µs');
    expect(eventLine({ s: 'c1', e: 'cushion', m: 512 })).toBe('c1 cushion 512‰');
  });
});
