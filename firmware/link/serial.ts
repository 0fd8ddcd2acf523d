/**
 * Serial link: protocol v1 lines over USB or a UART (the hub's end is a serial port). Lines from
 * the hub are split on newlines; a line longer than the protocol allows is dropped.
 */
import { MAX_LINE_BYTES } from '../../shared/protocol/wire';
import { now, uartLinkSetup, uartWrite, usbSetup, usbWrite, type Pin } from '../hal/hal';
import { command, linkUp, linkUse } from '../core/device';

let inBuf = '';
/** 0 USB, else the UART number. */
let port = 0;

function onData(d: string): void {
  const t = now();
  inBuf += d;
  let nl = inBuf.indexOf('\n');
  while (nl >= 0) {
    const line = inBuf.substring(0, nl);
    inBuf = inBuf.substring(nl + 1);
    if (line.length > 0) command(line, t);
    nl = inBuf.indexOf('\n');
  }
  if (inBuf.length > MAX_LINE_BYTES) inBuf = '';
}

function sendLine(line: string): boolean {
  if (port) uartWrite(port, line + '\n');
  else usbWrite(line + '\n');
  return true;
}

/** `p`: 0 USB, 1 Serial1, 2 Serial2 (then `baud`, `tx`, `rx` apply). */
export function serialStart(p: number, baud: number, tx: Pin | undefined, rx: Pin | undefined): void {
  inBuf = '';
  port = p;
  if (p && tx && rx) uartLinkSetup(p, baud, tx, rx, onData);
  else {
    port = 0;
    usbSetup(onData);
  }
  linkUse(sendLine);
  linkUp();
}
