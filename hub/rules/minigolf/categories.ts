/**
 * Individual categories (MG-CAT-*). Decision MG-Q11: the category for season year Y follows the
 * age the player reaches during Y - 1 (the change happens at the end of the year in which the
 * age limit is passed, MG-CAT-3).
 */
export const CATEGORIES = ['Kf', 'Km', 'Yf', 'Ym', 'W', 'M', 'Sf1', 'Sm1', 'Sf2', 'Sm2'] as const;
export type Category = (typeof CATEGORIES)[number];

/** Age reached (birthday passed) during the calendar year `year`. */
export function ageReachedIn(born: string, year: number): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(born);
  if (!m) return null;
  return year - Number(m[1]);
}

/** MG-CAT-2/3: category for a season, or null when birth date or sex is unknown. */
export function categoryFor(born: string | null, sex: 'f' | 'm' | null, season: number): Category | null {
  if (born === null || sex === null) return null;
  const age = ageReachedIn(born, season - 1);
  if (age === null) return null;
  const f = sex === 'f';
  if (age <= 14) return f ? 'Kf' : 'Km';
  if (age <= 18) return f ? 'Yf' : 'Ym';
  if (age <= 44) return f ? 'W' : 'M';
  if (age <= 57) return f ? 'Sf1' : 'Sm1';
  return f ? 'Sf2' : 'Sm2';
}

/** MG-CAT-6: where a category goes when it is not held (one step toward the general class). */
export const FALLBACK: Record<Category, Category | null> = {
  Kf: 'Yf',
  Yf: 'W',
  W: null,
  Sf1: 'W',
  Sf2: 'Sf1',
  Km: 'Ym',
  Ym: 'M',
  M: null,
  Sm1: 'M',
  Sm2: 'Sm1',
};

export function heldCategory(c: Category, held: readonly string[] | null): Category {
  let cur: Category = c;
  for (let i = 0; i < 5 && held !== null && !held.includes(cur); i++) {
    const next = FALLBACK[cur];
    if (next === null) break;
    cur = next;
  }
  return cur;
}

/** MG-CAT-4: any player may enter the general class of his sex instead of his own category. */
export function isAllowedEntry(requested: string, computed: Category): boolean {
  if (requested === computed) return true;
  const general = computed.endsWith('f') || computed === 'W' || computed.startsWith('Sf') ? 'W' : 'M';
  return requested === general;
}

export function isCategory(s: string): s is Category {
  return (CATEGORIES as readonly string[]).includes(s);
}
