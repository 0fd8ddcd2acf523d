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

/**
 * `lang=` in the page's address, before the hash (`/?lang=he#/tv`) or in the view's query
 * (`#/tv?lang=he`): a TV's address or a link sent to a phone fixes the language of that page.
 */
export function urlLang(loc: { search: string; hash: string }): Lang | null {
  const inHash = loc.hash.includes('?') ? new URLSearchParams(loc.hash.slice(loc.hash.indexOf('?') + 1)).get('lang') : null;
  const l = inHash ?? new URLSearchParams(loc.search).get('lang');
  return isLang(l) ? l : null;
}

/**
 * The address's language, else the phone's own choice, else the venue's language. `notify`
 * false: the caller draws the page next anyway (a route change), so the views are not redrawn.
 */
export function chooseLang(venueLang: string | undefined, notify = true): void {
  const own = localStorage.getItem(STORE_KEY);
  apply(urlLang(location) ?? (isLang(own) ? own : isLang(venueLang) ? venueLang : 'en'), notify);
}

/** A language picked on the page: kept for this phone, and the address no longer overrides it. */
export function setLang(l: Lang): void {
  localStorage.setItem(STORE_KEY, l);
  if (urlLang(location) !== null) history.replaceState(null, '', withoutLang(location));
  apply(l);
}

function withoutLang(loc: { pathname: string; search: string; hash: string }): string {
  const search = new URLSearchParams(loc.search);
  search.delete('lang');
  let hash = loc.hash;
  const q = hash.indexOf('?');
  if (q >= 0) {
    const query = new URLSearchParams(hash.slice(q + 1));
    query.delete('lang');
    hash = hash.slice(0, q) + (query.size > 0 ? `?${query.toString()}` : '');
  }
  return `${loc.pathname}${search.size > 0 ? `?${search.toString()}` : ''}${hash}`;
}

function apply(l: Lang, notify = true): void {
  const changed = l !== lang && notify;
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
