/**
 * Tag reader component (RFID/NFC) on the board's UART: the ball identity for a hole or a tee, or
 * its own event (`tag`, `stroke`, `hole`). A controllers table keyed by part, as for the colour
 * sensor; each part decodes its frames into a UID (uid.ts does the rest, the same for all):
 * - RDM6300 (125 kHz RFID, 9600 baud, it only sends): rdm6300.ts;
 * - PN532 (13.56 MHz NFC, 115200 baud HSU, polled with commands, so it needs the UART's transmit
 *   pin too): pn532.ts.
 * The UID is reported as lowercase hex (5 bytes for the RDM6300, 4 or 7 for the PN532).
 */
import { uartSetup } from '../hal/hal';
import type { TagCfg } from '../core/config';
import { st } from './state';
import { rdmData, rdmStart } from './rdm6300';
import { pnData, pnStart } from './pn532';

/**
 * The board's tag reader part, set by the build (esbuild define, '' without a reader): only that
 * part's code goes into the bundle.
 */
declare const FW_TAG: string;

export const TAG_CONTROLLERS: Record<string, { baud: number; tx: boolean }> = {
  RDM6300: { baud: 9600, tx: false },
  PN532: { baud: 115200, tx: true },
};

/** Starts tag reader `si` on UART `uart` (1 or 2); `tx`: the UART's transmit pin index, or -1. */
export function tagSetup(si: number, uart: number, tx: number): void {
  const sc = st.S[si] as TagCfg;
  const rx = st.P[sc.pin]!;
  if (FW_TAG === 'PN532') {
    uartSetup(uart, sc.baud, rx, st.P[tx], pnData);
    pnStart(si, uart);
  } else if (FW_TAG === 'RDM6300') {
    uartSetup(uart, sc.baud, rx, undefined, rdmData);
    rdmStart(si);
  }
}
