/**
 * RDM6300 125 kHz RFID reader: it only sends, 9600 baud, one ASCII frame per read while a tag is
 * in the field: 0x02, 10 hex digits (the 5-byte UID), 2 hex digits (XOR of those bytes), 0x03.
 * Wiring: the reader's TX to the board's RX pin (profile `pin`), 5 V, GND.
 */
import { now } from '../hal/hal';
import { tagRead, uid } from './uid';

let buf = '';
let reader = -1;

function hexByte(s: string, i: number): number {
  return parseInt(s.substr(i, 2), 16);
}

export function rdmData(data: string): void {
  buf += data;
  let a = buf.indexOf('\x02');
  while (a >= 0 && buf.length - a >= 14) {
    if (buf.charAt(a + 13) === '\x03') {
      const f = buf.substr(a + 1, 12);
      let x = 0;
      for (let i = 0; i < 5; i++) {
        uid[i] = hexByte(f, i * 2);
        x ^= uid[i] as number;
      }
      if (x === hexByte(f, 10)) tagRead(reader, 5, now());
    }
    buf = buf.substring(a + 1);
    a = buf.indexOf('\x02');
  }
  if (a < 0 || buf.length > 64) buf = '';
  else if (a > 0) buf = buf.substring(a);
}

export function rdmStart(si: number): void {
  reader = si;
  buf = '';
}
