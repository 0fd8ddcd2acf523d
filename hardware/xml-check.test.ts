import { describe, expect, it } from 'vitest';
import { xmlProblems } from './xml-check';

const svg = (inner: string): string => `<svg xmlns="http://www.w3.org/2000/svg">\n${inner}\n</svg>\n`;

describe('xmlProblems', () => {
  it('accepts well-formed SVG: nesting, self-closing tags, entities, comments, a declaration', () => {
    expect(xmlProblems(svg('<g class="a"><text x="1" y=\'2\'>A &amp; B &lt;3 &#215; &#x2264;</text><line x1="0"/></g><!-- note -->'))).toEqual([]);
    expect(xmlProblems(`<?xml version="1.0" encoding="UTF-8"?>\n${svg('<rect/>')}`)).toEqual([]);
    expect(xmlProblems(svg('<text>1 MΩ, 3.3 V &gt; 0 — ‰</text>'))).toEqual([]);
  });

  it('finds an unclosed or mismatched tag, with its line', () => {
    expect(xmlProblems(svg('<g>\n<text>x</text>'))).toEqual(['line 4: </svg> closes <g> of line 2', 'line 1: <svg> is never closed']);
    expect(xmlProblems(svg('<text>x</tspan>'))).toEqual(['line 2: </tspan> closes <text> of line 2']);
    expect(xmlProblems(svg('</g>'))[0]).toBe('line 2: </g> closes <svg> of line 1');
  });

  it('finds bare ampersands and "<" where they break the parser', () => {
    expect(xmlProblems(svg('<text>R & D</text>'))).toEqual(['line 2: bare "&" in text (write &amp;)']);
    expect(xmlProblems(svg('<text title="a & b">x</text>'))).toEqual(['line 2: <text>: attribute title contains a bare "&"']);
    expect(xmlProblems(svg('<text>a < b</text>'))).toEqual(['line 2: unterminated tag']);
  });

  it('finds bad attributes: unquoted, repeated, run together', () => {
    expect(xmlProblems(svg('<rect x=1/>'))).toEqual(['line 2: <rect>: attribute x needs a quoted value']);
    expect(xmlProblems(svg('<rect x="1" x="2"/>'))).toEqual(['line 2: <rect>: attribute x given twice']);
    expect(xmlProblems(svg('<rect x="1"y="2"/>'))).toEqual(['line 2: <rect>: attributes must be separated by white space']);
  });

  it('wants exactly one root element and no text outside it', () => {
    expect(xmlProblems('')).toEqual(['no root element']);
    expect(xmlProblems(`${svg('')}<svg/>`)[0]).toBe('line 4: a second root element <svg>');
    expect(xmlProblems(`junk ${svg('')}`)).toEqual(['line 1: text outside the root element']);
    expect(xmlProblems(svg('<!-- a -- b -->'))).toEqual(['line 2: "--" inside a comment']);
  });
});
