/**
 * What reaches the board is what the upload tool sends, not the file: the `espruino` command-line
 * tool replaces every character below 32 except newline with `?` (and anything above 255), and
 * the interpreter's REPL turns a tab into spaces. esbuild writes such characters raw inside string
 * literals (and folds `String.fromCharCode(2)` into one), so the build escapes them after esbuild:
 * the shipped bundle holds only printable ASCII and newlines.
 *
 * Escapes: a byte (code up to 0xFF) becomes `\xNN`, which every Espruino build reads as that one
 * byte. A character above 0xFF becomes `\uNNNN`, which the gate then refuses: Espruino builds
 * without Unicode (Pico, WiFi, ESP32) keep only its low byte ("\u2713" arrives as 0x13), and the
 * Unicode builds turn even `\u00ff` into two UTF-8 bytes where `\xff` stays one.
 */
import ts from './typescript';

/** A range of the code that is a literal: its body is rewritten by the rules of its kind. */
interface Literal {
  start: number;
  end: number;
  kind: 'string' | 'template' | 'regex';
}

/** Printable ASCII (space to tilde) or a newline: what the upload path carries unchanged. */
export function isShippableChar(code: number): boolean {
  return (code >= 0x20 && code <= 0x7e) || code === 0x0a;
}

function isLineTerminator(c: string): boolean {
  return c === '\n' || c === '\r' || c === '\u2028' || c === '\u2029';
}

function hex(n: number, width: number): string {
  return n.toString(16).padStart(width, '0');
}

/** The escape of one character inside a string, template or regex literal. */
export function escapeChar(c: string): string {
  const code = c.charCodeAt(0);
  return code <= 0xff ? `\\x${hex(code, 2)}` : `\\u${hex(code, 4)}`;
}

/** Every string, template and regex literal of a parsed file, in source order. */
export function literalsOf(sf: ts.SourceFile): Literal[] {
  const out: Literal[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isStringLiteral(n)) out.push({ start: n.getStart(sf), end: n.end, kind: 'string' });
    else if (ts.isNoSubstitutionTemplateLiteral(n) || ts.isTemplateHead(n) || ts.isTemplateMiddle(n) || ts.isTemplateTail(n)) {
      out.push({ start: n.getStart(sf), end: n.end, kind: 'template' });
    } else if (ts.isRegularExpressionLiteral(n)) out.push({ start: n.getStart(sf), end: n.end, kind: 'regex' });
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out.sort((a, b) => a.start - b.start);
}

/**
 * One literal's text with every character outside printable ASCII escaped, its value unchanged.
 * A backslash before such a character (an identity escape) is replaced along with it; a backslash
 * before a line terminator (a line continuation, which adds nothing) is dropped with it. In a
 * template a raw line break is part of the value: it becomes `\n` (CR and CRLF read as LF there).
 */
export function escapeLiteral(text: string, kind: Literal['kind']): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\' && i + 1 < text.length) {
      const next = text[i + 1]!;
      if (isLineTerminator(next) && kind !== 'regex') {
        i += next === '\r' && text[i + 2] === '\n' ? 2 : 1;
        continue;
      }
      i++;
      out += isShippableChar(next.charCodeAt(0)) && next !== '\n' ? c + next : escapeChar(next);
      continue;
    }
    if (kind === 'template' && (c === '\r' || c === '\n')) {
      if (c === '\r' && text[i + 1] === '\n') i++;
      out += '\\n';
      continue;
    }
    out += isShippableChar(c.charCodeAt(0)) && c !== '\n' ? c : escapeChar(c);
  }
  return out;
}

/**
 * Code between literals: a tab, carriage return, vertical tab or form feed made a space; in a
 * comment, anything else outside printable ASCII made '?' (a comment holds no literal, so a
 * `//` or `/*` here always starts one).
 */
function escapeBetween(s: string): string {
  let out = '';
  let comment: '' | 'line' | 'block' = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (!comment && c === '/' && (s[i + 1] === '/' || s[i + 1] === '*')) comment = s[i + 1] === '/' ? 'line' : 'block';
    else if (comment === 'line' && c === '\n') comment = '';
    else if (comment === 'block' && c === '*' && s[i + 1] === '/') {
      out += '*/';
      i++;
      comment = '';
      continue;
    }
    if (c === '\t' || c === '\r' || c === '\v' || c === '\f') out += ' ';
    else if (comment && !isShippableChar(c.charCodeAt(0))) out += '?';
    else out += c;
  }
  return out;
}

/**
 * The bundle as it can travel through the upload tool: literals escaped (escapeLiteral), the
 * code between them cleaned (escapeBetween). Anything else outside printable ASCII (a non-ASCII
 * identifier) is left for the gate to refuse.
 */
export function escapeForUpload(code: string): string {
  const sf = ts.createSourceFile('bundle.js', code, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  let out = '';
  let at = 0;
  for (const l of literalsOf(sf)) {
    out += escapeBetween(code.slice(at, l.start)) + escapeLiteral(code.slice(l.start, l.end), l.kind);
    at = l.end;
  }
  return out + escapeBetween(code.slice(at));
}

/**
 * A `\u` escape of a character above 0xFF inside a literal's text, or null. On the boards
 * (Espruino builds without Unicode) only its low byte is kept: "\u2713" arrives as 0x13.
 */
export function wideEscape(text: string): string | null {
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '\\') continue;
    if (text[i + 1] === 'u') {
      const m = /^\\u(?:\{([0-9a-fA-F]+)\}|([0-9a-fA-F]{4}))/.exec(text.slice(i));
      if (m && parseInt(m[1] ?? m[2]!, 16) > 0xff) return m[0];
    }
    i++;
  }
  return null;
}
