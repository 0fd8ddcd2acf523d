/**
 * Sits in front of parser-readline, which has no length limit: a device spewing bytes without a
 * newline would otherwise grow its buffer without bound. An over-long line is cut at the limit,
 * the rest of it is dropped, and one short marker line takes its place so the decoder can
 * reject and count it.
 */
import { Transform, type TransformCallback } from 'node:stream';

export const OVERSIZE_MARKER = '\u0015oversize';

export class LineGuard extends Transform {
  private run = 0;
  private dropping = false;
  private dropped = 0;

  constructor(private readonly maxLineBytes: number) {
    super();
    if (!Number.isInteger(maxLineBytes) || maxLineBytes < 1) throw new TypeError('maxLineBytes must be a positive integer');
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    let start = 0;
    const out: Buffer[] = [];
    for (let i = 0; i < chunk.length; i++) {
      if (chunk[i] === 0x0a) {
        if (this.dropping) {
          out.push(Buffer.from(`${OVERSIZE_MARKER} ${this.run + this.dropped}\n`));
          this.dropping = false;
          this.dropped = 0;
        } else {
          out.push(chunk.subarray(start, i + 1));
        }
        this.run = 0;
        start = i + 1;
      } else if (this.dropping) {
        this.dropped++;
        start = i + 1;
      } else if (++this.run > this.maxLineBytes) {
        this.dropping = true;
        this.dropped = this.run;
        this.run = 0;
        start = i + 1;
      }
    }
    if (!this.dropping && start < chunk.length) out.push(chunk.subarray(start));
    done(null, out.length === 1 ? out[0] : Buffer.concat(out));
  }
}
