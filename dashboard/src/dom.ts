/**
 * DOM helpers. Every piece of text goes in through textContent (via `h` or `text`), never
 * innerHTML: names and other user text cannot inject markup.
 */
export type Child = Node | string | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number | boolean | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    e.setAttribute(k, v === true ? '' : String(v));
  }
  append(e, children);
  return e;
}

export function append(e: Element, children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    e.append(typeof c === 'string' ? document.createTextNode(c) : c);
  }
}

/** A button that does something (type=button, so it never submits a form by accident). */
export function button(label: string, onClick: () => void, attrs: Record<string, string | undefined> = {}): HTMLButtonElement {
  const b = h('button', { type: 'button', ...attrs }, label);
  b.addEventListener('click', onClick);
  return b;
}

export function link(href: string, label: string, attrs: Record<string, string | undefined> = {}): HTMLAnchorElement {
  return h('a', { href, ...attrs }, label);
}

const SVG = 'http://www.w3.org/2000/svg';
export function svg(tag: string, attrs: Record<string, string | number>, text?: string): SVGElement {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

/** The page's language (i18n.ts sets it on <html>), so dates follow the language chosen, not the browser's. */
function locale(): string | undefined {
  return document.documentElement.lang || undefined;
}

export function fmtTime(ms: number | null | undefined): string {
  return ms ? new Date(ms).toLocaleString(locale()) : '–';
}

/** Time of day only (the live feeds). */
export function fmtClock(ms: number): string {
  return new Date(ms).toLocaleTimeString(locale());
}

/** replaceChildren that skips null/false children. */
export function replace(e: Element, ...children: Child[]): void {
  e.replaceChildren();
  append(e, children);
}
