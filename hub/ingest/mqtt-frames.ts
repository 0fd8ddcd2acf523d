/**
 * A packet size limit for the embedded broker, which has none: aedes' parser (mqtt-packet) keeps
 * every byte of a packet until the length its header announced has arrived, login or not (issue
 * #21: an unauthenticated CONNECT announcing 180 MB, four times, took the hub from 303 to 913 MB).
 * This reads only the fixed headers as the bytes go by (a type byte, then the remaining length in
 * up to four bytes) and says so as soon as one announces more than the limit, before the packet's
 * body is buffered. The protocol's lines are under MAX_LINE_BYTES; every packet a device or the
 * hub sends fits in a few hundred bytes more.
 */

export class MqttFrameGuard {
  /** Body bytes of the current packet still to come. */
  private remaining = 0;
  /** Reading a remaining-length field: its value so far, multiplier, bytes read. */
  private inLength = false;
  private length = 0;
  private multiplier = 1;
  private lengthBytes = 0;

  constructor(readonly maxPacketBytes: number) {}

  /** The next bytes from the client; false once a packet announces more than the limit (or a malformed length). */
  feed(buf: Uint8Array): boolean {
    let i = 0;
    while (i < buf.length) {
      if (this.remaining > 0) {
        const take = Math.min(this.remaining, buf.length - i);
        this.remaining -= take;
        i += take;
        continue;
      }
      if (!this.inLength) {
        i++; // the packet type and flags
        this.inLength = true;
        this.length = 0;
        this.multiplier = 1;
        this.lengthBytes = 0;
        continue;
      }
      const b = buf[i++]!;
      this.length += (b & 0x7f) * this.multiplier;
      this.multiplier *= 128;
      this.lengthBytes++;
      if (this.length > this.maxPacketBytes) return false;
      if (b & 0x80) {
        if (this.lengthBytes >= 4) return false;
        continue;
      }
      this.inLength = false;
      this.remaining = this.length;
    }
    return true;
  }
}

/** What the guard needs of an aedes client: its parser (aedes feeds it what it reads) and its connection. */
interface GuardedClient {
  _parser: { parse(buf: Buffer): number };
  conn: { destroy(err?: Error): void };
}

/**
 * Puts a guard in front of an aedes client's parser: a packet over `maxPacketBytes` closes the
 * connection at its header, and `refused` is told once.
 */
export function limitPackets(client: unknown, maxPacketBytes: number, refused: () => void): void {
  const c = client as GuardedClient;
  const guard = new MqttFrameGuard(maxPacketBytes);
  const parse = c._parser.parse.bind(c._parser);
  let closed = false;
  c._parser.parse = (buf: Buffer): number => {
    if (closed) return 0;
    if (guard.feed(buf)) return parse(buf);
    closed = true;
    refused();
    c.conn.destroy(new Error(`MQTT packet over ${maxPacketBytes} bytes`));
    return 0;
  };
}
