/**
 * Two connected in-memory duplex streams: what one side writes, the other reads. The hub's MQTT
 * client talks to the broker embedded in the same process over such a pair instead of a loopback
 * TCP socket, which saves the system calls and a wake-up per packet each way (docs/benchmarks.md).
 *
 * Writes made in one turn of the event loop reach the reader together at the next, as a socket's
 * do: a broker writes one packet at a time, and the hub stores what arrives together in one
 * transaction (group commit), so a pipe that handed over each packet at once would cost a
 * transaction per event. Once the reader is full, writes wait until it reads again: backpressure holds.
 */
import { Duplex } from 'node:stream';

type Done = (err?: Error | null) => void;

class PipeEnd extends Duplex {
  peer!: PipeEnd;
  private eofSent = false;
  /** Written this turn, not handed over yet, with the writers' callbacks. */
  private outgoing: Buffer[] = [];
  private waiting: Done[] = [];
  private scheduled = false;

  constructor() {
    // As a TCP socket: once the peer has ended, this end ends and closes too.
    super({ allowHalfOpen: false });
  }

  private handOver = (): void => {
    this.scheduled = false;
    const chunks = this.outgoing;
    this.outgoing = [];
    if (chunks.length > 0 && !this.peer.destroyed) {
      // The peer is full: later writes wait until it reads again (its _read).
      if (!this.peer.push(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks))) this.blocked = true;
    }
    if (this.pendingEof) {
      this.pendingEof = false;
      this.sendEof();
    }
  };

  /** The peer's reader is full; writes are held. */
  private blocked = false;
  private held: { chunk: Buffer; done: Done }[] = [];
  private pendingEof = false;

  /** Tells the peer's reader that nothing more comes, once, after what was written. */
  private sendEof(): void {
    if (this.scheduled) {
      this.pendingEof = true;
      return;
    }
    if (this.eofSent || this.peer.destroyed) return;
    this.eofSent = true;
    this.peer.push(null);
  }

  private queueForPeer(chunk: Buffer): void {
    this.outgoing.push(chunk);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.handOver);
    }
  }

  override _read(): void {
    const writer = this.peer;
    writer.blocked = false;
    const held = writer.held;
    writer.held = [];
    for (const h of held) {
      writer.queueForPeer(h.chunk);
      h.done();
    }
  }

  override _write(chunk: Buffer, _enc: BufferEncoding, done: Done): void {
    if (this.peer.destroyed) return done(new Error('the other end of the pipe is closed'));
    if (this.blocked) return void this.held.push({ chunk, done });
    this.queueForPeer(chunk);
    done();
  }

  override _final(done: Done): void {
    this.sendEof();
    done();
  }

  override _destroy(err: Error | null, done: Done): void {
    // A closed socket closes for both peers: the other end reads its end, then closes itself.
    this.sendEof();
    done(err);
  }
}

/** A connected pair: `[a, b]`, where a's writes are b's reads and the reverse. */
export function duplexPair(): [Duplex, Duplex] {
  const a = new PipeEnd();
  const b = new PipeEnd();
  a.peer = b;
  b.peer = a;
  return [a, b];
}
