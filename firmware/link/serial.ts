/**
 * Serial link: protocol v1 lines over USB (the hub's end is a serial port). Lines from the hub
 * are split on newlines; a line longer than the protocol allows is dropped.
 */
import { MAX_LINE_BYTES } from '../../shared/protocol/wire';
import { now, usbSetup, usbWrite } from '../hal/hal';
import { command, linkUp, linkUse } from '../core/device';

let inBuf = '';

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
  usbWrite(line + '\n');
  return true;
}

export function serialStart(): void {
  inBuf = '';
  usbSetup(onData);
  linkUse(sendLine);
  linkUp();
}
