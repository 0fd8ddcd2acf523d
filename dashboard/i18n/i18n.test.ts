/**
 * Every string exists in every language, is not empty, and has the same placeholders as the
 * English one (a language is a file, not a code change).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from './en';
import { tr } from './tr';
import { he } from './he';
import { EVENT_TYPES } from '../../shared/protocol/wire';
import { CATALOGUE } from '../../shared/game/catalogue';

const placeholders = (s: string): string[] => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();

describe('dashboard strings', () => {
  it('has the name and the start options of every game of the catalogue', () => {
    for (const g of CATALOGUE) {
      expect(Object.keys(en), g.id).toContain(g.titleKey);
      for (const o of g.startOptions) expect(Object.keys(en), `${g.id} ${o.key}`).toContain(o.label);
    }
  });

  for (const [lang, dict] of Object.entries({ tr, he }) as [string, Record<string, string>][]) {
    it(`${lang} has every English key and no other, none empty, same placeholders`, () => {
      expect(Object.keys(dict).sort()).toEqual(Object.keys(en).sort());
      for (const [key, english] of Object.entries(en)) {
        expect(dict[key]!.trim(), `${lang} ${key}`).not.toBe('');
        expect(placeholders(dict[key]!), `${lang} ${key}`).toEqual(placeholders(english));
      }
    });
  }

  it('names every place a hardware profile reports, in every language (dashboard/src/places.ts)', () => {
    const dir = path.resolve(import.meta.dirname, '../../hardware/profiles');
    const places = new Set<string>();
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.json'))) {
      const profile = JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { sensors: { place?: string }[] };
      for (const s of profile.sensors) if (s.place !== undefined) places.add(s.place);
    }
    expect(places.size).toBeGreaterThan(10);
    const missing = [...places].filter((p) => !(`place.${p}` in en));
    expect(missing).toEqual([]);
  });

  it('the Hebrew strings are Hebrew and the Turkish ones are not English copies', () => {
    const hebrew = /[\u0590-\u05FF]/;
    const latinOnly = Object.entries(he)
      .filter(([, s]) => !hebrew.test(s))
      .map(([k]) => k);
    // Every Hebrew string has Hebrew letters in it (names of fixed notation like 8-ball too).
    expect(latinOnly).toEqual([]);
    const same = Object.keys(en).filter((k) => tr[k as keyof typeof tr] === en[k as keyof typeof en]);
    expect(same.every((k) => ['nav.tv', 'golf.set', 'pool.rack'].includes(k))).toBe(true);
  });

  it('every sensor event type of the protocol has words in the live feed', () => {
    const missing = EVENT_TYPES.filter((e) => !(`evt.${e}` in en));
    expect(missing).toEqual([]);
  });
});
