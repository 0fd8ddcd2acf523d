/**
 * The serial ports of this machine. serialport lists them on Linux through `udevadm`, which a
 * minimal system (a container, a stripped-down venue box) may not have; then the USB facts are
 * read from sysfs directly, so matching a device by its USB ids still works.
 */
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { SerialPort } from 'serialport';

export type PortInfo = Awaited<ReturnType<typeof SerialPort.list>>[number];

function readAttr(dir: string, name: string): string | undefined {
  try {
    const v = readFileSync(path.join(dir, name), 'utf8').trim();
    return v === '' ? undefined : v;
  } catch {
    return undefined;
  }
}

/**
 * Ports with a hardware device behind them under `sysRoot/class/tty`; for a USB port the ids come
 * from the nearest ancestor directory that has `idVendor` (the USB device, above its interface).
 */
export function listFromSysfs(sysRoot = '/sys', devRoot = '/dev'): PortInfo[] {
  const classDir = path.join(sysRoot, 'class', 'tty');
  let names: string[];
  try {
    names = readdirSync(classDir).sort();
  } catch {
    return [];
  }
  const ports: PortInfo[] = [];
  for (const name of names) {
    const link = path.join(classDir, name, 'device');
    if (!existsSync(link)) continue; // virtual terminals and ptys have no device
    let usb: string | undefined;
    for (let dir = realpathSync(link); dir.startsWith(sysRoot) && dir !== sysRoot; dir = path.dirname(dir)) {
      if (existsSync(path.join(dir, 'idVendor'))) {
        usb = dir;
        break;
      }
    }
    ports.push({
      path: path.join(devRoot, name),
      manufacturer: usb ? readAttr(usb, 'manufacturer') : undefined,
      serialNumber: usb ? readAttr(usb, 'serial') : undefined,
      pnpId: undefined,
      locationId: undefined,
      vendorId: usb ? readAttr(usb, 'idVendor') : undefined,
      productId: usb ? readAttr(usb, 'idProduct') : undefined,
    });
  }
  return ports;
}

/** serialport's list, or on Linux without `udevadm` the same facts read from sysfs. */
export async function listSerialPorts(): Promise<PortInfo[]> {
  try {
    return await SerialPort.list();
  } catch (e) {
    if (process.platform === 'linux' && (e as NodeJS.ErrnoException).code === 'ENOENT') return listFromSysfs();
    throw e;
  }
}
