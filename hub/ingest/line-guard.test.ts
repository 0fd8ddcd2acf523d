import { describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { ReadlineParser } from '@serialport/parser-readline';
import { LineGuard, OVERSIZE_MARKER } from './line-guard';

function lines(chunks: string[], max: number): Promise<string[]> {
  const out: string[] = [];
  const parser = Readable.from(chunks.map((c) => Buffer.from(c)))
    .pipe(new LineGuard(max))
    .pipe(new ReadlineParser({ delimiter: '\n' }));
  // 'data' events, not async iteration: a non-object-mode stream would glue the lines together.
  parser.on('data', (l: string) => out.push(l));
  return new Promise((resolve) => parser.on('end', () => resolve(out)));
}

describe('LineGuard in front of parser-readline', () => {
  it('passes short lines through unchanged, across chunk boundaries', async () => {
    expect(await lines(['ab', 'c\nde\n', 'f\n'], 8)).toEqual(['abc', 'de', 'f']);
  });

  it('replaces an over-long line by one marker and keeps the next line intact', async () => {
    const out = await lines(['0123456789', 'abcdef\nok\n'], 8);
    expect(out).toHaveLength(2);
    expect(out[0]).toContain(OVERSIZE_MARKER);
    expect(out[1]).toBe('ok');
  });

  it('keeps memory bounded when a device never sends a newline', async () => {
    const guard = new LineGuard(16);
    let passed = 0;
    guard.on('data', (c: Buffer) => (passed += c.length));
    for (let i = 0; i < 1000; i++) guard.write(Buffer.alloc(1000, 0x41));
    expect(passed).toBeLessThanOrEqual(16);
  });

  it('refuses a nonsense limit at once', () => {
    expect(() => new LineGuard(0)).toThrow(TypeError);
  });
});
