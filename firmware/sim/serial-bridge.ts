/**
 * Connects a serial device of the simulated board (its USB, or the UART of a UART link) to a
 * real serial device (one end of a pseudo-terminal pair), so the firmware talks to the real hub
 * over a real serial line.
 */
import { SerialPort } from 'serialport';
import type { SimBoard, SimSerial } from './board';

export interface SerialBridge {
  close(): Promise<void>;
}

export async function bridgeSerial(serial: SimSerial, path: string): Promise<SerialBridge> {
  const port = new SerialPort({ path, baudRate: 115200, autoOpen: false });
  await new Promise<void>((resolve, reject) => port.open((err) => (err ? reject(err) : resolve())));
  serial.onWrite = (s) => void port.write(s);
  port.on('data', (d: Buffer) => serial.inject(d.toString('latin1')));
  return {
    close: () =>
      new Promise<void>((resolve) => {
        serial.onWrite = null;
        if (port.isOpen) port.close(() => resolve());
        else resolve();
      }),
  };
}

export function bridgeUsb(board: SimBoard, path: string): Promise<SerialBridge> {
  return bridgeSerial(board.usb, path);
}
