/**
 * Tag reader component (RFID/NFC) on the board's UART: the ball identity for a hole or a tee, or
 * its own event (`tag`, `stroke`, `hole`). Controllers table by part: each parses its frames
 * into a UID. RDM6300 (125 kHz): 9600 baud, frame 0x02, 10 hex digits, 2 hex checksum, 0x03;
 * wiring: TX of the reader to the board's RX pin (profile `pin`), 5 V, GND.
 * The same UID again within `hold` ms is the same read (readers repeat while a tag is present).
 */
import { uartSetup, now } from '../hal/hal';
import { emit } from '../core/device';
import { NONE } from '../core/ring';
import { st } from './state';

let buf = '';
let reader = -1;

export const TAG_CONTROLLERS: Record<string, { baud: number }> = {
  RDM6300: { baud: 9600 },
};

function hexByte(s: string, i: number): number {
  return parseInt(s.substr(i, 2), 16);
}

/** A UID of `n` bytes is in st.tagB at reader*8, read at t. */
function tagRead(n: number, t: number): void {
  const si = reader;
  const sc = st.S[si]!;
  const same = st.tagL[si] === n && (t - (st.tagT[si] as number)) * 1000 < sc.hold;
  st.tagL[si] = n;
  st.tagT[si] = t;
  if (sc.e >= 0 && !same) emit(sc.e, si, t, NONE, NONE, n, st.tagB, si * 8);
}

export function tagData(data: string): void {
  buf += data;
  let a = buf.indexOf('\x02');
  while (a >= 0 && buf.length - a >= 14) {
    if (buf.charAt(a + 13) === '\x03') {
      const f = buf.substr(a + 1, 12);
      let x = 0;
      for (let i = 0; i < 5; i++) x ^= hexByte(f, i * 2);
      if (x === hexByte(f, 10)) {
        const si = reader;
        const same = st.tagL[si] === 5;
        let diff = !same;
        for (let i = 0; i < 5; i++) {
          const b = hexByte(f, i * 2);
          if (st.tagB[si * 8 + i] !== b) diff = true;
          st.tagB[si * 8 + i] = b;
        }
        if (diff) st.tagL[si] = 0;
        tagRead(5, now());
      }
    }
    buf = buf.substring(a + 1);
    a = buf.indexOf('\x02');
  }
  if (a < 0 || buf.length > 64) buf = '';
  else if (a > 0) buf = buf.substring(a);
}

export function tagSetup(si: number, uart: number): void {
  reader = si;
  buf = '';
  uartSetup(uart, st.S[si]!.baud, st.P[st.S[si]!.pin]!, tagData);
}
