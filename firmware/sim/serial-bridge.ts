/**
 * Connects the simulated board's USB to a real serial device (one end of a pseudo-terminal
 * pair), so the firmware talks to the real hub over a real serial line.
 */
import { SerialPort } from 'serialport';
import type { SimBoard } from './board';

export interface SerialBridge {
  close(): Promise<void>;
}

export async function bridgeUsb(board: SimBoard, path: string): Promise<SerialBridge> {
  const port = new SerialPort({ path, baudRate: 115200, autoOpen: false });
  await new Promise<void>((resolve, reject) => port.open((err) => (err ? reject(err) : resolve())));
  board.usb.onWrite = (s) => void port.write(s);
  port.on('data', (d: Buffer) => board.usb.inject(d.toString('latin1')));
  return {
    close: () =>
      new Promise<void>((resolve) => {
        board.usb.onWrite = null;
        if (port.isOpen) port.close(() => resolve());
        else resolve();
      }),
  };
}
