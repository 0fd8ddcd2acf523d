/**
 * A strict well-formedness check for the hand-written SVG files under hardware/: one root
 * element, every tag closed in order, quoted attributes without duplicates, and `&` only in
 * entities. Enough to catch what breaks a browser's or an editor's XML parser (a stray `<`, an
 * unescaped `&`, a missing `</g>`); no DTDs, which these files never have. Returns the problems,
 * each with its line, empty when the text is well formed.
 */

const NAME = /^[A-Za-z_][\w.:-]*/;
const ENTITY = /^&(?:lt|gt|amp|quot|apos|#\d+|#x[0-9A-Fa-f]+);/;

function lineAt(text: string, i: number): number {
  let n = 1;
  for (let k = 0; k < i && k < text.length; k++) if (text.charCodeAt(k) === 10) n++;
  return n;
}

/** `&` only as the start of an entity; `<` never (it would have opened a tag). */
function badAmpersand(s: string): number {
  for (let i = s.indexOf('&'); i >= 0; i = s.indexOf('&', i + 1)) if (!ENTITY.test(s.slice(i))) return i;
  return -1;
}

/** Parses `name="v" name='v' ...` (the inside of a start tag after its name); an error or null. */
function attributeProblem(attrs: string): string | null {
  const seen = new Set<string>();
  let rest = attrs;
  for (;;) {
    const space = /^\s*/.exec(rest)![0];
    rest = rest.slice(space.length);
    if (rest === '') return null;
    if (space === '' && seen.size > 0) return 'attributes must be separated by white space';
    const name = NAME.exec(rest)?.[0];
    if (!name) return `bad attribute name at "${rest.slice(0, 12)}"`;
    if (seen.has(name)) return `attribute ${name} given twice`;
    seen.add(name);
    rest = rest.slice(name.length);
    const value = /^\s*=\s*("([^"]*)"|'([^']*)')/.exec(rest);
    if (!value) return `attribute ${name} needs a quoted value`;
    const v = value[2] ?? value[3] ?? '';
    if (v.includes('<')) return `attribute ${name} contains "<"`;
    if (badAmpersand(v) >= 0) return `attribute ${name} contains a bare "&"`;
    rest = rest.slice(value[0].length);
  }
}

export function xmlProblems(text: string): string[] {
  const problems: string[] = [];
  const open: { name: string; at: number }[] = [];
  let roots = 0;
  let i = 0;
  const fail = (at: number, what: string): void => void problems.push(`line ${lineAt(text, at)}: ${what}`);
  const textRun = (from: number, to: number): void => {
    const s = text.slice(from, to);
    const amp = badAmpersand(s);
    if (amp >= 0) fail(from + amp, 'bare "&" in text (write &amp;)');
    if (open.length === 0 && s.trim() !== '') fail(from, 'text outside the root element');
  };
  if (text.startsWith('<?xml')) {
    const end = text.indexOf('?>');
    if (end < 0) return ['line 1: unterminated XML declaration'];
    i = end + 2;
  }
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    if (lt < 0) {
      textRun(i, text.length);
      break;
    }
    textRun(i, lt);
    if (text.startsWith('<!--', lt)) {
      const end = text.indexOf('-->', lt + 4);
      if (end < 0) return [...problems, `line ${lineAt(text, lt)}: unterminated comment`];
      if (text.slice(lt + 4, end).includes('--')) fail(lt, '"--" inside a comment');
      i = end + 3;
      continue;
    }
    if (text.startsWith('<![CDATA[', lt)) {
      const end = text.indexOf(']]>', lt);
      if (end < 0) return [...problems, `line ${lineAt(text, lt)}: unterminated CDATA section`];
      if (open.length === 0) fail(lt, 'CDATA outside the root element');
      i = end + 3;
      continue;
    }
    if (text.startsWith('<!', lt) || text.startsWith('<?', lt)) {
      fail(lt, 'declarations and processing instructions are not expected here');
      i = text.indexOf('>', lt) + 1 || text.length;
      continue;
    }
    // A tag ends at the first ">" outside a quoted attribute value.
    let end = lt + 1;
    let quote = '';
    for (; end < text.length; end++) {
      const c = text[end]!;
      if (quote) {
        if (c === quote) quote = '';
      } else if (c === '"' || c === "'") quote = c;
      else if (c === '>') break;
      else if (c === '<') break;
    }
    if (end >= text.length || text[end] !== '>') return [...problems, `line ${lineAt(text, lt)}: unterminated tag`];
    const inner = text.slice(lt + 1, end);
    i = end + 1;
    if (inner.startsWith('/')) {
      const name = inner.slice(1).trim();
      const top = open.pop();
      if (!top) fail(lt, `</${name}> closes nothing`);
      else if (top.name !== name) fail(lt, `</${name}> closes <${top.name}> of line ${lineAt(text, top.at)}`);
      continue;
    }
    const selfClosing = inner.endsWith('/');
    const body = selfClosing ? inner.slice(0, -1) : inner;
    const name = NAME.exec(body)?.[0];
    if (!name) {
      fail(lt, `bad tag "<${inner.slice(0, 16)}"`);
      continue;
    }
    const attrs = body.slice(name.length);
    const bad = attributeProblem(attrs);
    if (bad) fail(lt, `<${name}>: ${bad}`);
    if (open.length === 0) {
      roots++;
      if (roots > 1) fail(lt, `a second root element <${name}>`);
    }
    if (!selfClosing) open.push({ name, at: lt });
  }
  for (const o of open.reverse()) fail(o.at, `<${o.name}> is never closed`);
  if (roots === 0) problems.push('no root element');
  return problems;
}
