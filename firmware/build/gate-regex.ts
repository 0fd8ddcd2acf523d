/**
 * Espruino 2v29's regular expressions are small (measured, gate-probes.ts): `*`, `+`, classes,
 * alternation, anchors, \d \w \s (and their negations), one level of capture groups and the
 * g, i, y (and u) flags work. Everything else fails or silently matches differently, so the gate
 * refuses it in regex literals and in string patterns given to RegExp(…).
 */

/** Why `pattern` (with `flags`) does not work on Espruino, or null when it does. */
export function regexProblem(pattern: string, flags: string): string | null {
  const bad = flags.replace(/[giyu]/g, '');
  if (bad) return `flag ${bad[0]}`;
  let depth = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') {
      const e = pattern[i + 1] ?? '';
      if (/[1-9]/.test(e)) return 'a backreference';
      if (e === 'k') return 'a named backreference';
      if (e === 'b' || e === 'B') return 'a word boundary';
      if (e === 'u') return 'a \\u escape';
      if (e === 'c') return 'a \\c control escape';
      if (e === 'p' || e === 'P') return 'a Unicode property escape';
      i++;
      continue;
    }
    if (c === '[') {
      // A class: its characters are literal ('?', '{', '(' included); only escapes matter.
      for (i++; i < pattern.length && pattern[i] !== ']'; i++) {
        if (pattern[i] !== '\\') continue;
        if (pattern[i + 1] === 'u') return 'a \\u escape';
        i++;
      }
      continue;
    }
    if (c === '?') return "'?' (a ? quantifier, a lazy quantifier, or a (?:, (?=, (?!, (?<= or (?<name> group)";
    if (c === '{' && /^\{\d+(,\d*)?\}/.test(pattern.slice(i))) return 'a {n,m} quantifier';
    if (c === '(') {
      if (depth > 0) return 'a group nested in a group';
      depth++;
    }
    if (c === ')') {
      depth = depth > 0 ? depth - 1 : 0;
      const q = pattern[i + 1];
      if (q === '*' || q === '+' || q === '{') return 'a quantified group';
    }
  }
  return null;
}

/** Pattern and flags of a regex literal's text (`/…/flags`). */
export function splitRegexLiteral(text: string): { pattern: string; flags: string } {
  const end = text.lastIndexOf('/');
  return { pattern: text.slice(1, end), flags: text.slice(end + 1) };
}
