import { describe, expect, it } from 'vitest';
import { once } from 'node:events';
import { duplexPair } from './pipe';

describe('duplexPair', () => {
  it('carries bytes both ways, in order, what one turn wrote in one chunk', async () => {
    const [a, b] = duplexPair();
    const atB: Buffer[] = [];
    const atA: Buffer[] = [];
    b.on('data', (c: Buffer) => atB.push(c));
    a.on('data', (c: Buffer) => atA.push(c));
    a.write('one ');
    a.write('two');
    b.write('back');
    await new Promise((r) => setTimeout(r, 5));
    expect(atB.map(String)).toEqual(['one two']);
    expect(Buffer.concat(atA).toString()).toBe('back');
  });

  it('holds a writer while the reader is paused, and loses nothing when it resumes', async () => {
    const [a, b] = duplexPair();
    const chunk = Buffer.alloc(64 * 1024, 1);
    for (let i = 0; i < 20; i++) a.write(chunk);
    await new Promise((r) => setTimeout(r, 10));
    // The paused reader took that turn's 1.3 MB and is full: the next writer waits for it.
    expect(b.readableLength).toBe(20 * chunk.length);
    let completed = false;
    a.write(chunk, () => (completed = true));
    await new Promise((r) => setTimeout(r, 10));
    expect(completed).toBe(false);
    let got = 0;
    b.on('data', (c: Buffer) => (got += c.length));
    await new Promise((r) => setTimeout(r, 20));
    expect(completed).toBe(true);
    expect(got).toBe(21 * chunk.length);
  });

  it('ends and closes the other side when one side is destroyed', async () => {
    const [a, b] = duplexPair();
    b.resume();
    const ended = once(b, 'end');
    const closed = once(b, 'close');
    a.destroy();
    await ended;
    await closed;
    expect(b.destroyed).toBe(true);
    expect(() => b.write('late')).not.toThrow();
  });
});
