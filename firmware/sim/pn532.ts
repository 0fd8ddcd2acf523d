/**
 * A simulated NXP PN532 NFC reader on a board UART in HSU mode, for the firmware tests: it sleeps
 * until it hears 0x55, checks both checksums and the TFI of every frame the firmware sends (a
 * frame that fails is recorded in `problems` and gets no answer, as on the chip), acknowledges
 * each command with the ACK frame and answers SAMConfiguration, RFConfiguration (MaxRetries) and
 * InListPassiveTarget (one 106 kbps type A target: the card in the field, if any). Without a
 * retry limit a poll with no card waits for one and is never answered, as the chip does.
 * Answers arrive after a few ms of virtual time, split in two chunks as a UART delivers them.
 */
import type { SimBoard, SimSerial } from './board';

export const PN532_ACK = [0x00, 0x00, 0xff, 0x00, 0xff, 0x00];
const HOST = 0xd4;
const CHIP = 0xd5;

/** A normal information frame around `data` (code and parameters), or with one checksum broken. */
export function pn532Frame(tfi: number, data: number[], broken: 'lcs' | 'dcs' | null = null): number[] {
  const len = data.length + 1;
  const lcs = (0x100 - len) & 0xff;
  const dcs = (0x100 - (data.reduce((a, b) => a + b, tfi) & 0xff)) & 0xff;
  return [0x00, 0x00, 0xff, len, broken === 'lcs' ? lcs ^ 0x01 : lcs, tfi, ...data, broken === 'dcs' ? dcs ^ 0x01 : dcs, 0x00];
}

/** Bytes as the string a UART hands to Espruino's `on('data')`. */
export function latin1(bytes: number[]): string {
  return String.fromCharCode(...bytes);
}

/** The answer to InListPassiveTarget for `card` (its UID, 4 or 7 bytes) as target 1. */
export function targetAnswer(card: number[]): number[] {
  // SENS_RES and SEL_RES of a MIFARE Classic (4-byte UID) or an NTAG/Ultralight (7 bytes).
  const sens = card.length === 7 ? [0x00, 0x44] : [0x00, 0x04];
  return [0x4b, 0x01, 0x01, ...sens, card.length === 7 ? 0x00 : 0x08, card.length, ...card];
}

export class SimPn532 {
  /** The UID of the card in the field, or null. */
  card: number[] | null = null;
  /** Break this checksum in the answers that carry a card's UID (a noisy line). */
  corrupt: 'lcs' | 'dcs' | null = null;
  /** Wrong frames or wrong use heard from the firmware; a correct driver leaves this empty. */
  readonly problems: string[] = [];
  /** Codes of the commands heard (valid frames), in order. */
  readonly commands: number[] = [];
  /** How often a 0x55 woke the chip from sleep. */
  wakes = 0;
  private powered = true;
  private awake = false;
  private configured = false;
  /** MxRtyPassiveActivation: 0xFF retries forever (the power-up value). */
  private retries = 0xff;
  private held = false;
  private rx: number[] = [];

  constructor(
    private readonly board: SimBoard,
    private readonly serial: SimSerial,
  ) {
    serial.onWrite = (s) => this.hear(s);
  }

  /** Cuts the reader's power or its wires: it hears and says nothing, and forgets its settings. */
  unplug(): void {
    this.powered = false;
    this.awake = false;
    this.configured = false;
    this.retries = 0xff;
    this.held = false;
    this.rx = [];
  }

  plug(): void {
    this.powered = true;
  }

  /** A card comes into the field; a poll waiting for one is answered. */
  present(uid: number[]): void {
    this.card = uid;
    if (this.held) {
      this.held = false;
      this.answer(targetAnswer(uid), 5, true);
    }
  }

  remove(): void {
    this.card = null;
  }

  private hear(s: string): void {
    if (!this.powered) return;
    for (let i = 0; i < s.length; i++) {
      const b = s.charCodeAt(i);
      if (!this.awake) {
        // Asleep, the chip only notices a 0x55; what follows reaches it once it is awake.
        if (b === 0x55) {
          this.awake = true;
          this.wakes++;
        }
        continue;
      }
      this.rx.push(b);
    }
    this.parse();
  }

  private parse(): void {
    for (;;) {
      let a = 0;
      while (a + 1 < this.rx.length && !(this.rx[a] === 0x00 && this.rx[a + 1] === 0xff)) a++;
      this.rx = this.rx.slice(a);
      if (this.rx.length < 4) return;
      const len = this.rx[2]!;
      const lcs = this.rx[3]!;
      if (len === 0 && lcs === 0xff) {
        // The host's ACK aborts the command in progress.
        this.held = false;
        this.rx = this.rx.slice(4);
        continue;
      }
      if (((len + lcs) & 0xff) !== 0 || len === 0) {
        this.problems.push(`frame with a bad length checksum: ${hex(this.rx.slice(0, 4))}`);
        this.rx = this.rx.slice(2);
        continue;
      }
      if (this.rx.length < len + 5) return;
      const body = this.rx.slice(4, 4 + len);
      const dcs = this.rx[4 + len]!;
      this.rx = this.rx.slice(len + 5);
      if ((body.reduce((x, y) => x + y, dcs) & 0xff) !== 0) this.problems.push(`frame with a bad data checksum: ${hex(body)} ${hex([dcs])}`);
      else if (body[0] !== HOST) this.problems.push(`frame with TFI ${hex([body[0]!])}, not D4`);
      else this.command(body.slice(1));
    }
  }

  private command(d: number[]): void {
    const code = d[0]!;
    this.commands.push(code);
    this.board.later(1, () => this.send(PN532_ACK));
    if (code === 0x14) {
      if (d[1] !== 0x01) this.problems.push(`SAMConfiguration mode ${d[1]}, not normal (1)`);
      this.configured = true;
      this.answer([0x15], 2, false);
    } else if (code === 0x32) {
      if (d[1] === 0x05) this.retries = d[4] ?? 0xff;
      this.answer([0x33], 2, false);
    } else if (code === 0x4a) {
      if (d[1] !== 0x01 || d[2] !== 0x00) this.problems.push(`InListPassiveTarget ${hex(d.slice(1))}, not one 106 kbps type A target (01 00)`);
      if (!this.configured) this.problems.push('InListPassiveTarget before SAMConfiguration');
      if (this.card) this.answer(targetAnswer(this.card), 5, true);
      else if (this.retries === 0xff) this.held = true;
      else this.answer([0x4b, 0x00], 3 + 3 * this.retries, false);
    } else {
      this.problems.push(`unexpected command ${hex([code])}`);
    }
  }

  private answer(data: number[], ms: number, uid: boolean): void {
    const frame = pn532Frame(CHIP, data, uid ? this.corrupt : null);
    this.board.later(ms, () => {
      this.send(frame.slice(0, 5));
      this.send(frame.slice(5));
    });
  }

  private send(bytes: number[]): void {
    if (this.powered) this.serial.inject(latin1(bytes));
  }
}

function hex(b: number[]): string {
  return b.map((x) => x.toString(16).padStart(2, '0')).join(' ');
}
