/**
 * Strings: one dictionary per language in dashboard/i18n/. The venue chooses the default
 * language; a phone can pick another, kept in localStorage. Hebrew is right to left: the
 * document direction flips and the layout (logical CSS properties) mirrors with it.
 */
import { en, type Key } from '../i18n/en';
import { tr } from '../i18n/tr';
import { he } from '../i18n/he';

export type Lang = 'en' | 'tr' | 'he';
export const LANGS: Record<Lang, { dict: Record<Key, string>; dir: 'ltr' | 'rtl'; name: string }> = {
  en: { dict: en, dir: 'ltr', name: 'English' },
  tr: { dict: tr, dir: 'ltr', name: 'Türkçe' },
  he: { dict: he, dir: 'rtl', name: 'עברית' },
};
const STORE_KEY = 'autoref.lang';

let lang: Lang = 'en';
const listeners = new Set<() => void>();

export function isLang(x: unknown): x is Lang {
  return x === 'en' || x === 'tr' || x === 'he';
}

/** The phone's own choice, if any, else the venue's language. */
export function chooseLang(venueLang: string | undefined): void {
  const own = localStorage.getItem(STORE_KEY);
  apply(isLang(own) ? own : isLang(venueLang) ? venueLang : 'en');
}

export function setLang(l: Lang): void {
  localStorage.setItem(STORE_KEY, l);
  apply(l);
}

function apply(l: Lang): void {
  const changed = l !== lang;
  lang = l;
  document.documentElement.lang = l;
  document.documentElement.dir = LANGS[l].dir;
  if (changed) for (const f of listeners) f();
}

export function currentLang(): Lang {
  return lang;
}

export function onLangChange(f: () => void): void {
  listeners.add(f);
}

/** Translates a key; `{name}` placeholders are filled from vars. */
export function t(key: Key, vars: Record<string, string | number> = {}): string {
  const s = LANGS[lang].dict[key] ?? en[key];
  return s.replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? `{${k}}`));
}

/** For keys built at run time (game ids, decision kinds, states): the fallback when unknown. */
export function tMaybe(key: string, fallback: string): string {
  return key in en ? t(key as Key) : fallback;
}

export function num(n: number | null | undefined, digits = 0): string {
  if (n === null || n === undefined || Number.isNaN(n)) return '–';
  return n.toLocaleString(lang, { minimumFractionDigits: digits, maximumFractionDigits: digits });
}
