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

/**
 * replaceChildren that skips null/false children, and keeps the keyboard's place: a live update
 * redraws a board or a list while someone tabs through it, and focus left on a removed element
 * falls back to the page's start (a screen reader then reads the page from the top). The element
 * that had focus is found again in the new children by what identifies it (see `focusKey`).
 */
export function replace(e: Element, ...children: Child[]): void {
  const key = focusKey(e);
  e.replaceChildren();
  append(e, children);
  if (key !== null) refocus(e, key);
}

/** What identifies the focused element inside `within` across a redraw, or null if focus is elsewhere. */
export function focusKey(within: Element): string | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === within || !within.contains(active)) return null;
  return identity(active);
}

/** Puts focus on the element of `within` that `key` (from `focusKey`) identifies, if it is still there. */
export function refocus(within: Element, key: string): void {
  for (const el of within.querySelectorAll<HTMLElement>(FOCUSABLE)) {
    if (identity(el) === key) {
      el.focus({ preventScroll: true });
      return;
    }
  }
}

const FOCUSABLE = 'a[href], button, input, select, textarea, summary, [tabindex]';

/**
 * An element's identity for `refocus`: its id when it has one; else its own data-* marks when it
 * has any (the views name their buttons so: data-call, data-pick-player, data-change…), so that a
 * button whose label counts down or up is still found; else its tag with what a person acts on
 * (link target, form field name, value, label), the data-* marks of the row it sits in and its
 * text. Not its position: a list that grew by one at the top (a feed) keeps the same element focused.
 */
function identity(el: HTMLElement): string {
  if (el.id) return `#${el.id}`;
  const own = [...el.attributes].filter((a) => a.name.startsWith('data-') && a.name !== 'data-state');
  if (own.length > 0) return [el.tagName, ...own.map((a) => `${a.name}=${a.value}`)].join('|');
  const parts = [el.tagName];
  for (const name of ['href', 'name', 'value', 'aria-label']) {
    const v = el.getAttribute(name);
    if (v !== null) parts.push(`${name}=${v}`);
  }
  for (let x: HTMLElement | null = el.parentElement; x; x = x.parentElement) {
    for (const a of x.attributes) if (a.name.startsWith('data-') && a.name !== 'data-state') parts.push(`${a.name}=${a.value}`);
    if (x.tagName === 'ARTICLE' || x.tagName === 'SECTION' || x.tagName === 'LI') break;
  }
  parts.push(el.textContent?.trim().slice(0, 60) ?? '');
  return parts.join('|');
}

/** Runs `draw` (which replaces elements under `root` its own way) and gives focus back as `replace` does. */
export function keepingFocus(root: Element, draw: () => void): void {
  const key = focusKey(root);
  draw();
  if (key !== null && !root.contains(document.activeElement)) refocus(root, key);
}
