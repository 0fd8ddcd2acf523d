/**
 * NXP PN532 13.56 MHz NFC reader on its UART interface (HSU, 115200 baud; the module's mode
 * switches set to HSU). Unlike the RDM6300 it answers commands, so it needs the UART's transmit
 * pin too. Sequence (PN532 user manual UM0701-02):
 *   1. wake-up: 0x55 0x55 and zeros (the chip sleeps until it sees 0x55), then SAMConfiguration
 *      (normal mode), which the chip needs before it reads cards;
 *   2. RFConfiguration MaxRetries: InListPassiveTarget gives up after a few tries, so a poll
 *      without a card is answered (by default it retries forever and never answers);
 *   3. every POLL_MS, InListPassiveTarget for one ISO 14443A target at 106 kbps; the answer
 *      carries the card's UID (4 or 7 bytes), which becomes the tag read, as the RDM6300's does.
 * Frames host → PN532: 00 00 FF LEN LCS D4 cmd data… DCS 00; PN532 → host: the same with TFI D5
 * and cmd+1; LEN counts TFI and data, LCS makes LEN+LCS 0 (mod 256), DCS makes TFI+data+DCS 0.
 * Each command is first acknowledged with the ACK frame 00 00 FF 00 FF 00. Frames failing either
 * checksum are dropped. A reader that answers nothing (not even the ACK) twice in a row is an
 * `absent` fault and gets woken again on every poll; any answer clears the fault.
 * Constant memory: one 64-byte receive buffer, the three command frames made once at boot.
 */
import { every, now, uartWrite } from '../hal/hal';
import { setFault, F_ABSENT } from '../core/device';
import { tagRead, uid } from './uid';

const POLL_MS = 100;
/** A command with no answer after this long is a miss, s. */
const ANSWER_S = 0.25;
/** Misses in a row (not even an ACK) before the reader is reported absent. */
const MISSES = 2;
/** The HSU wake-up: 0x55 wakes the chip, the zeros give it time to start its oscillator. */
const WAKE = '\x55\x55\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00';
/** Step by step: command code first, then its parameters. */
const COMMANDS = [
  // SAMConfiguration: normal mode (no secure module), 1 s timeout, IRQ pin used.
  [0x14, 0x01, 0x14, 0x01],
  // RFConfiguration item 5 (MaxRetries): ATR 0xFF, PSL 1, passive activation 2 retries.
  [0x32, 0x05, 0xff, 0x01, 0x02],
  // InListPassiveTarget: at most 1 target, baud rate type 0 (106 kbps ISO 14443A).
  [0x4a, 0x01, 0x00],
];
const POLL = 2;

let reader = -1;
let uart = 2;
let frames: string[] = [];
/** Index into COMMANDS of the next command (POLL once configured). */
let step = 0;
/** Code of the command waiting for its answer, 0 when none. */
let pending = 0;
let sentAt = 0;
/** Some valid frame (ACK or answer) came since the last command was sent. */
let heard = false;
let misses = 0;
// Pure: a bundle without a PN532 leaves the buffer out (esbuild keeps a bare `new`).
const rx = /* @__PURE__ */ new Uint8Array(64);
let rn = 0;

/** A host → PN532 frame around one command (code and parameters). */
function frame(d: number[]): string {
  let s = '\x00\x00\xff' + String.fromCharCode(d.length + 1) + String.fromCharCode((0xff - d.length) & 0xff) + '\xd4';
  let sum = 0xd4;
  for (let i = 0; i < d.length; i++) {
    s += String.fromCharCode(d[i] as number);
    sum += d[i] as number;
  }
  return s + String.fromCharCode((0x100 - (sum & 0xff)) & 0xff) + '\x00';
}

function send(t: number): void {
  // Two writes rather than a concatenation: a poll allocates no new string.
  if (step === 0) uartWrite(uart, WAKE);
  uartWrite(uart, frames[step] as string);
  pending = COMMANDS[step]![0] as number;
  sentAt = t;
  heard = false;
}

/** The reader answered: it is there. */
function alive(): void {
  heard = true;
  misses = 0;
  setFault(reader, 0);
}

/** A checked PN532 → host frame: rx[d] is the answer code, n bytes from it on. */
function answer(d: number, n: number): void {
  alive();
  if (rx[d] !== pending + 1) return;
  pending = 0;
  if (step < POLL) {
    step++;
    send(now());
    return;
  }
  // Code, NbTg, Tg, SENS_RES (2), SEL_RES, NFCID length, NFCID…
  const len = rx[d + 6] as number;
  if (n < 7 || rx[d + 1] === 0 || (len !== 4 && len !== 7) || n < 7 + len) return;
  for (let i = 0; i < len; i++) uid[i] = rx[d + 7 + i] as number;
  tagRead(reader, len, now());
}

export function pnData(data: string): void {
  for (let i = 0; i < data.length; i++) {
    // A full buffer holds no frame (the longest answer is shorter): noise, start over.
    if (rn === rx.length) rn = 0;
    rx[rn++] = data.charCodeAt(i);
  }
  let a = 0;
  while (rn - a >= 4) {
    if (rx[a] !== 0 || rx[a + 1] !== 0xff) {
      a++;
      continue;
    }
    const len = rx[a + 2] as number;
    const lcs = rx[a + 3] as number;
    if (len === 0 && lcs === 0xff) {
      alive();
      a += 4;
      continue;
    }
    // Not a normal frame (bad LCS, an error frame, NACK, extended or oversized): look further.
    if (len < 2 || len > rx.length - 6 || ((len + lcs) & 0xff) !== 0) {
      a++;
      continue;
    }
    if (rn - a < len + 5) break;
    let sum = 0;
    for (let j = 0; j <= len; j++) sum += rx[a + 4 + j] as number;
    if ((sum & 0xff) === 0 && rx[a + 4] === 0xd5) answer(a + 5, len - 1);
    a += len + 5;
  }
  for (let j = a; j < rn; j++) rx[j - a] = rx[j] as number;
  rn -= a;
}

function pnTick(): void {
  const t = now();
  if (pending) {
    if (t - sentAt < ANSWER_S) return;
    // No answer: wake it and configure it again (unplugged, browned out or reset meanwhile).
    pending = 0;
    step = 0;
    if (!heard && ++misses >= MISSES) setFault(reader, F_ABSENT);
  }
  send(t);
}

/** Starts the reader on UART `n` (already set up by the caller). */
export function pnStart(si: number, n: number): void {
  reader = si;
  uart = n;
  frames = COMMANDS.map(frame);
  rn = 0;
  step = 0;
  misses = 0;
  send(now());
  every(POLL_MS, pnTick);
}
