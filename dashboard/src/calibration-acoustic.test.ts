/**
 * The acoustic step's texts (hub/acoustic/step.ts): its warnings translated with their numbers,
 * its list of points written as the hub writes it, each point named in every language.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { en, type Key } from '../i18n/en';
import { tr } from '../i18n/tr';
import { he } from '../i18n/he';
import { acousticLists, pointName, suggestionLine, type Translate } from './calibration';
import { acousticPlan, pointLists } from '../../hub/acoustic/step';
import type { TableProfile } from '../../shared/profile';

const dicts = { en, tr, he } as Record<string, Record<Key, string>>;
const translator =
  (lang: string): Translate =>
  (key, vars = {}) =>
    dicts[lang]![key].replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? `{${k}}`));

const profile = JSON.parse(readFileSync(new URL('../../hardware/profiles/carom-acoustic.json', import.meta.url), 'utf8')) as TableProfile;

/** The warnings of step.ts, every `${…}` filled by a number. */
function stepSentences(): string[] {
  const src = readFileSync(new URL('../../hub/acoustic/step.ts', import.meta.url), 'utf8');
  return [...src.matchAll(/warnings\.push\(\s*`(.*?)`,?\s*\)/gs)].map((m) => m[1]!.replace(/\$\{[^}]+\}/g, '12'));
}

describe('acoustic calibration texts', () => {
  it('finds the step’s warnings', () => {
    expect(stepSentences()).toHaveLength(5);
  });

  for (const lang of ['en', 'tr', 'he']) {
    it(`${lang}: every warning of the acoustic step is translated, numbers kept`, () => {
      for (const s of stepSentences()) {
        const out = suggestionLine(s, translator(lang));
        expect(out, s).not.toMatch(/\{\w+\}/);
        expect(out, s).toContain('12');
        if (lang === 'en') expect(out.replace(/’/g, "'"), s).toBe(s);
        else expect(out, s).not.toBe(s);
      }
    });

    it(`${lang}: every point has a name`, () => {
      for (const p of acousticPlan(profile)!.points) expect(pointName(p, translator(lang))).toMatch(lang === 'he' ? /[\u0590-\u05FF].*\d/ : /\d/);
    });
  }

  it('lists the points as the hub does', () => {
    const points = acousticPlan(profile)!.points;
    expect(acousticLists(points, translator('en'))).toEqual(pointLists(points));
    expect(acousticLists(points, translator('tr')).rails).toBe('bant n 1–7, bant e 1–3, bant s 1–7, bant w 1–3');
  });
});
