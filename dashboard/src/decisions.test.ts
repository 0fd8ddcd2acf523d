/**
 * Every decision kind the engines can raise is translated in every language: the list comes
 * from the engines' source and their docs, so a new kind fails here until it has its strings.
 * The recorded fixtures are replayed too: every decision they raise gets a translated question
 * and a translated label for each of its options.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { en, type Key } from '../i18n/en';
import { tr } from '../i18n/tr';
import { he } from '../i18n/he';
import { KINDS, localizeDecision, type Translate } from './decisions';
import type { GameEvent } from '../../shared/game/events';
import type { PendingDecision } from '../../shared/game/engine';
import { getEngine } from '../../hub/rules/registry';
import { initialMatch, replay, step } from '../../hub/rules/common/replay';
import { threeCushion } from '../../hub/rules/carom/index';
import { Log, core } from '../../hub/rules/carom/testkit';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ENGINES = ['carom', 'golf-billiards', 'pool', 'minigolf'];
const KIND = /^(?:c3|c3b|c4|carom|golf-billiards|pocket|eight-ball|nine-ball|minigolf)\.[a-z][a-z_-]*$/;

const sources = ENGINES.flatMap((dir) =>
  readdirSync(path.join(ROOT, 'hub/rules', dir))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'testkit.ts')
    .map((f) => ({ file: `${dir}/${f}`, text: readFileSync(path.join(ROOT, 'hub/rules', dir, f), 'utf8') })),
);

/** Kind literals in the engines' code: `kind: 'x.y'`, or a kind passed to a question helper. */
function kindsInCode(): Set<string> {
  const out = new Set<string>();
  for (const { text } of sources) {
    for (const m of text.matchAll(/'([a-z0-9-]+\.[a-z][a-z_-]*)'/g)) if (KIND.test(m[1]!)) out.add(m[1]!);
  }
  // Built kinds: the carom prefixes, the pocket options and the break-cushion question.
  const prefix = sources.find((s) => s.file === 'carom/resolve.ts')!.text;
  const body = /function kindPrefix[^{]*\{([^}]*)\}/.exec(prefix)![1]!;
  for (const m of body.matchAll(/'(c[0-9a-z]+)'/g)) out.add(`${m[1]}.point`);
  const options = /export type OptionKind =([^;]*);/.exec(sources.find((s) => s.file === 'pool/state.ts')!.text)![1]!;
  for (const m of options.matchAll(/'([a-z-]+)'/g)) out.add(`pocket.${m[1]}`);
  for (const { text } of sources) {
    for (const m of text.matchAll(/breakCushionQuestion\([^,]+,\s*'([a-z-]+)'/g)) out.add(`${m[1]}.break-cushions`);
  }
  return out;
}

/** Kinds in the "Pending decision(s)" tables of docs/games/*.md (first column). */
function kindsInDocs(): Set<string> {
  const out = new Set<string>();
  for (const f of readdirSync(path.join(ROOT, 'docs/games'))) {
    const lines = readFileSync(path.join(ROOT, 'docs/games', f), 'utf8').split('\n');
    let inSection = false;
    for (const line of lines) {
      if (line.startsWith('## ')) inSection = /^## Pending decision/.test(line);
      else if (inSection && line.startsWith('|')) {
        const first = line.split('|')[1] ?? '';
        for (const m of first.matchAll(/`([^`]+)`/g)) if (KIND.test(m[1]!)) out.add(m[1]!);
      }
    }
  }
  return out;
}

const LANGS: Record<string, Record<Key, string>> = { en, tr, he };
const translator =
  (dict: Record<Key, string>): Translate =>
  (key, vars = {}) =>
    dict[key].replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? `{${k}}`));
const FALLBACK = '«engine English»';

function sample(kind: string, values: string[]): PendingDecision {
  const idOf: Record<string, string> = {
    'golf-billiards.respot': 'set1-stroke-4:respot-A1',
    'golf-billiards.respot_repeat': 'set1-stroke-4:repeat-spot-A1',
    'golf-billiards.designate': 'set1-stroke-4:designate-A',
    'golf-billiards.goal_ball': 'set1-stroke-4:goal-B-12',
  };
  return {
    id: idOf[kind] ?? 'shot-7:x',
    kind,
    question: FALLBACK,
    options: values.map((value) => ({ value, label: FALLBACK })),
    default: values[0] ?? null,
    answeredBy: 'players',
    evidence: [],
    raisedAt: 1,
  };
}

function expectTranslated(d: PendingDecision, lang: string): void {
  const out = localizeDecision(d, (id) => `name-of-${id}`, translator(LANGS[lang]!));
  const what = `${lang} ${d.kind} (${d.id})`;
  expect(out.question, what).not.toBe(d.question);
  expect(out.question, what).not.toMatch(/\{\w+\}|\?\?|undefined/);
  for (const [i, o] of out.options.entries()) {
    expect(o.label, `${what} option ${o.value}`).not.toBe(d.options[i]!.label);
    expect(o.label, `${what} option ${o.value}`).not.toMatch(/\{\w+\}|undefined/);
  }
}

describe('pending decisions in every language', () => {
  const code = kindsInCode();
  const docs = kindsInDocs();

  it('the engines and their docs name the same kinds (so the list below is complete)', () => {
    expect(code.size).toBeGreaterThanOrEqual(30);
    expect([...code].sort()).toEqual([...docs].sort());
  });

  it('every kind the engines can raise has a question and option labels in en, tr and he', () => {
    for (const kind of new Set([...code, ...docs])) {
      expect(KINDS[kind], `no translation spec for ${kind}`).toBeDefined();
      expect(Object.keys(en), kind).toContain(`kind.${kind}`);
      for (const lang of Object.keys(LANGS)) expectTranslated(sample(kind, KINDS[kind]!.samples), lang);
    }
  });

  it('a kind the dashboard does not know keeps the engine text', () => {
    const d = sample('curling.stone', ['in', 'out']);
    const out = localizeDecision(d, (id) => id, translator(tr));
    expect(out.question).toBe(FALLBACK);
    expect(out.options.map((o) => o.label)).toEqual([FALLBACK, FALLBACK]);
  });

  it('names, shot numbers and balls come from the decision data; fixed evidence is translated', () => {
    const d: PendingDecision = {
      id: 'lag-1:winner',
      kind: 'c3.lag',
      question: 'x',
      default: null,
      answeredBy: 'referee',
      raisedAt: 3,
      options: [
        { value: 'A', label: 'x' },
        { value: 'equal', label: 'x' },
        { value: 'repeat_fault:B', label: 'x' },
      ],
      evidence: ['a strike came before the previous shot was reported at rest', 'cushion 2 by W (seq 4)'],
    };
    const names = (id: string) => ({ A: 'Ayşe', B: 'Noam' })[id] ?? id;
    const out = localizeDecision(d, names, translator(tr));
    expect(out.options.map((o) => o.label)).toEqual(['Kurayı Ayşe kazandı', 'Aynı mesafe: kura tekrarlanır', 'Tekrar: aynı anda vurulmadı, Noam yüzünden']);
    expect(out.evidence).toEqual(['önceki atışta toplar durmadan yeni vuruş geldi', 'cushion 2 by W (seq 4)']);
    const point = localizeDecision({ ...d, id: 'shot-12:point', kind: 'c3.point', options: [{ value: 'point', label: 'Point' }] }, names, translator(he));
    expect(point.question).toBe('מכה 12: האם זו נקודה?');
    expect(point.options[0]!.label).toBe('נקודה');
  });

  it('the lag question with balls the sensors could not name: each answer has its own label, "both touched the red" too', () => {
    // A contact naming no ball: the engine offers A, B, equal, a repeat by either's fault, and both_red (C3-LAG-7).
    const d = core(threeCushion, new Log(['A', 'B'], {}).strike().contact().rest()).pending[0]!;
    expect(d.options.map((o) => o.value)).toContain('both_red');
    const names = (id: string) => ({ A: 'Ayşe', B: 'Noam' })[id] ?? `unknown player ${id}`;
    for (const [lang, dict] of Object.entries(LANGS)) {
      const labels = localizeDecision(d, names, translator(dict)).options;
      const red = labels.find((o) => o.value === 'both_red')!.label;
      expect(red, lang).toBe(dict['opt.c3.lag.both_red']);
      expect(
        labels.filter((o) => /unknown player/.test(o.label)),
        lang,
      ).toEqual([]);
      expect(new Set(labels.map((o) => o.label)).size, lang).toBe(labels.length);
    }
  });

  it('a table without a contact sensor: the first contact (with "no ball") and the rail questions and their evidence are translated', () => {
    const engine = getEngine('nine-ball')!;
    const log: GameEvent[] = [];
    const add = (e: Record<string, unknown>): void => void log.push({ ...e, seq: log.length, t: log.length * 100 } as GameEvent);
    add({
      type: 'start',
      players: [
        { id: 'A', name: 'Ayşe' },
        { id: 'B', name: 'Noam' },
      ],
      config: { contactSensor: false },
    });
    // A legal break (the cue ball hits the 1, the 2 drops), then a shot the table hears as one cushion.
    add({ type: 'strike', ball: 'cue' });
    add({ type: 'contact', a: 'cue', b: '1' });
    for (const b of ['2', '3', '4', '5']) add({ type: 'cushion', ball: b, cushion: 'side' });
    add({ type: 'pocket', pocket: 'corner-1', captured: true, ball: '2' });
    add({ type: 'at_rest' });
    add({ type: 'strike', ball: 'cue' });
    add({ type: 'cushion', cushion: 'foot' });
    add({ type: 'at_rest' });
    const pending = (): PendingDecision[] => engine.summary(replay(engine, log).game).pending;
    const first = pending();
    expect(first.map((d) => d.kind)).toEqual(['pocket.first-contact']);
    expect(first[0]!.options.at(-1)!.value).toBe('none');
    add({ type: 'decide', decision: first[0]!.id, answer: '1', by: 'referee' });
    const rail = pending();
    expect(rail.map((d) => d.kind)).toEqual(['pocket.rail']);
    for (const d of [...first, ...rail]) {
      for (const lang of ['tr', 'he']) {
        expectTranslated(d, lang);
        const ev = localizeDecision(d, (id) => id, translator(LANGS[lang]!)).evidence;
        expect(ev, `${lang} ${d.kind}`).not.toEqual(d.evidence);
      }
    }
  });

  it('every decision raised while replaying the recorded fixtures is translated', () => {
    const gameOf = (dir: string, name: string): string =>
      dir === 'golf-billiards' || dir === 'minigolf'
        ? dir
        : ['three-cushion', 'three-ball', 'four-ball', 'eight-ball', 'nine-ball'].find((g) => name.startsWith(g))!;
    const seen = new Map<string, PendingDecision>();
    for (const dir of ENGINES) {
      const base = path.join(ROOT, 'test/fixtures', dir);
      for (const f of readdirSync(base).filter((x) => x.endsWith('.jsonl'))) {
        const engine = getEngine(gameOf(dir, f))!;
        const log = readFileSync(path.join(base, f), 'utf8')
          .split('\n')
          .filter((l) => l.trim())
          .map((l) => JSON.parse(l) as GameEvent);
        let m = initialMatch(engine);
        for (const e of log) {
          m = step(engine, m, e);
          for (const d of engine.summary(m.game).pending) seen.set(`${d.kind} ${d.id}`, d);
        }
      }
    }
    expect(seen.size).toBeGreaterThan(0);
    for (const d of seen.values()) for (const lang of ['tr', 'he']) expectTranslated(d, lang);
  });
});
