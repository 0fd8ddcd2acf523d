/**
 * Reads the text back out of a QR code as the hub draws it (the `qrcode` package's SVG), so a test
 * can follow the link a printed code holds, as a phone's camera would, rather than trust a header
 * that says what it should hold. A drawn code has no noise, so no error correction is needed: the
 * modules are read off the SVG path, the format (error-correction level and mask) is found by
 * comparison with symbols of every format, and the data codewords are read in the standard's
 * placement order, unmasked, de-interleaved and parsed (numeric, alphanumeric and byte segments).
 * The block table and the function patterns come from the `qrcode` package itself.
 */
import { createRequire } from 'node:module';
import QRCode from 'qrcode';

const require = createRequire(import.meta.url);
const Utils = require('qrcode/lib/core/utils') as { getSymbolTotalCodewords(v: number): number };
const ECCode = require('qrcode/lib/core/error-correction-code') as {
  getBlocksCount(v: number, ecl: unknown): number;
  getTotalCodewordsCount(v: number, ecl: unknown): number;
};
const ECLevel = require('qrcode/lib/core/error-correction-level') as Record<'L' | 'M' | 'Q' | 'H', { bit: number }>;

type Grid = boolean[][];

/** The dark modules of the `qrcode` SVG: one path of `M x y` / `m dx dy` moves and `h n` runs, at y = row + 0.5. */
export function svgModules(svg: string): Grid {
  const view = /viewBox="0 0 (\d+) (\d+)"/.exec(svg);
  const path = /<path[^>]*stroke="#000000"[^>]*\bd="([^"]+)"/.exec(svg) ?? /<path[^>]*\bd="([^"]+)"[^>]*stroke=/.exec(svg);
  if (!view || !path) throw new Error('not an SVG drawn by the qrcode package');
  const size = Number(view[1]);
  const dark: Grid = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  let x = 0;
  let y = 0;
  for (const [, cmd, args] of path[1]!.matchAll(/([MmHh])([^MmHh]*)/g)) {
    const n = args!
      .trim()
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
    if (cmd === 'M') [x, y] = [n[0]!, n[1]!];
    else if (cmd === 'm') [x, y] = [x + n[0]!, y + n[1]!];
    else {
      const to = cmd === 'h' ? x + n[0]! : n[0]!;
      for (let c = x; c < to; c++) dark[Math.floor(y)]![c] = true;
      x = to;
    }
  }
  // The quiet zone: the top-left finder starts at the first dark module of the first dark row.
  const top = dark.findIndex((row) => row.includes(true));
  const left = dark[top]!.indexOf(true);
  const n = size - 2 * left;
  return dark.slice(top, top + n).map((row) => row.slice(left, left + n));
}

const MASKS: ((i: number, j: number) => boolean)[] = [
  (i, j) => (i + j) % 2 === 0,
  (i) => i % 2 === 0,
  (_i, j) => j % 3 === 0,
  (i, j) => (i + j) % 3 === 0,
  (i, j) => (Math.floor(i / 2) + Math.floor(j / 3)) % 2 === 0,
  (i, j) => ((i * j) % 2) + ((i * j) % 3) === 0,
  (i, j) => (((i * j) % 2) + ((i * j) % 3)) % 2 === 0,
  (i, j) => (((i * j) % 3) + ((i + j) % 2)) % 2 === 0,
];

const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:';

export function decodeModules(m: Grid): string {
  const size = m.length;
  const version = (size - 17) / 4;
  if (!Number.isInteger(version) || version < 1 || version > 40) throw new Error(`a ${size}×${size} grid is no QR code`);
  // The format: the one whose symbol has the same modules beside the top-left finder.
  let format: { level: 'L' | 'M' | 'Q' | 'H'; mask: number; reserved: (r: number, c: number) => boolean } | undefined;
  for (const level of ['L', 'M', 'Q', 'H'] as const) {
    for (let mask = 0; mask < 8 && !format; mask++) {
      const ref = QRCode.create('0', { version, errorCorrectionLevel: level, maskPattern: mask as QRCode.QRCodeMaskPattern }).modules as unknown as {
        get(r: number, c: number): number;
        isReserved(r: number, c: number): number;
      };
      let same = true;
      for (let k = 0; k <= 8 && same; k++) same = !!ref.get(8, k) === m[8]![k] && !!ref.get(k, 8) === m[k]![8];
      if (same) format = { level, mask, reserved: (r, c) => !!ref.isReserved(r, c) };
    }
  }
  if (!format) throw new Error('no format information matches');
  // The data bits in placement order (two columns at a time, up and down, right to left), unmasked.
  const bits: number[] = [];
  let row = size - 1;
  let inc = -1;
  for (let col = size - 1; col > 0; col -= 2) {
    if (col === 6) col--;
    for (;;) {
      for (let c = 0; c < 2; c++) {
        const cc = col - c;
        if (!format.reserved(row, cc)) bits.push(m[row]![cc]! !== MASKS[format.mask]!(row, cc) ? 1 : 0);
      }
      row += inc;
      if (row < 0 || row >= size) {
        row -= inc;
        inc = -inc;
        break;
      }
    }
  }
  const total = Utils.getSymbolTotalCodewords(version);
  const codewords: number[] = [];
  for (let i = 0; i < total; i++) codewords.push(bits.slice(i * 8, i * 8 + 8).reduce((a, b) => (a << 1) | b, 0));
  // De-interleave the data codewords: blocks of group 1, then group 2 (one codeword longer).
  const ecl = ECLevel[format.level];
  const blocks = ECCode.getBlocksCount(version, ecl);
  const dataTotal = total - ECCode.getTotalCodewordsCount(version, ecl);
  const inGroup2 = total % blocks;
  const short = Math.floor(dataTotal / blocks);
  const sizes = Array.from({ length: blocks }, (_, b) => (b < blocks - inGroup2 ? short : short + 1));
  const data: number[][] = sizes.map(() => []);
  let k = 0;
  for (let i = 0; i <= short; i++) for (let b = 0; b < blocks; b++) if (i < sizes[b]!) data[b]!.push(codewords[k++]!);
  const stream = data.flat().flatMap((byte) => Array.from({ length: 8 }, (_, i) => (byte >> (7 - i)) & 1));
  let at = 0;
  const read = (n: number): number => {
    let v = 0;
    for (let i = 0; i < n; i++) v = (v << 1) | (stream[at++] ?? 0);
    return v;
  };
  const countBits = (small: number, mid: number, big: number): number => (version < 10 ? small : version < 27 ? mid : big);
  const bytes: number[] = [];
  for (;;) {
    if (at + 4 > stream.length) break;
    const mode = read(4);
    if (mode === 0) break;
    if (mode === 1) {
      let n = read(countBits(10, 12, 14));
      for (; n >= 3; n -= 3) bytes.push(...Buffer.from(String(read(10)).padStart(3, '0')));
      if (n === 2) bytes.push(...Buffer.from(String(read(7)).padStart(2, '0')));
      if (n === 1) bytes.push(...Buffer.from(String(read(4))));
    } else if (mode === 2) {
      let n = read(countBits(9, 11, 13));
      for (; n >= 2; n -= 2) {
        const v = read(11);
        bytes.push(ALNUM.charCodeAt(Math.floor(v / 45)), ALNUM.charCodeAt(v % 45));
      }
      if (n === 1) bytes.push(ALNUM.charCodeAt(read(6)));
    } else if (mode === 4) {
      const n = read(countBits(8, 16, 16));
      for (let i = 0; i < n; i++) bytes.push(read(8));
    } else {
      throw new Error(`segment mode ${mode} is not read here`);
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The text of a QR code drawn by the `qrcode` package as SVG. */
export function decodeQrSvg(svg: string): string {
  return decodeModules(svgModules(svg));
}
