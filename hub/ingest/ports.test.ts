import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { listFromSysfs } from './ports';

/** A sysfs tree as Linux lays it out for one USB CDC-ACM port, one board UART and a pty. */
function fakeSys(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'autoref-sys-'));
  const usbDev = path.join(root, 'devices/pci0000:00/usb1/1-1');
  const iface = path.join(usbDev, '1-1:1.0');
  mkdirSync(path.join(iface, 'tty/ttyACM0'), { recursive: true });
  writeFileSync(path.join(usbDev, 'idVendor'), '0483\n');
  writeFileSync(path.join(usbDev, 'idProduct'), '5740\n');
  writeFileSync(path.join(usbDev, 'serial'), '3376385C3234\n');
  writeFileSync(path.join(usbDev, 'manufacturer'), 'STMicroelectronics\n');
  const uart = path.join(root, 'devices/platform/serial8250');
  mkdirSync(uart, { recursive: true });
  mkdirSync(path.join(root, 'class/tty/ttyACM0'), { recursive: true });
  mkdirSync(path.join(root, 'class/tty/ttyS0'), { recursive: true });
  mkdirSync(path.join(root, 'class/tty/ptmx'), { recursive: true });
  symlinkSync(iface, path.join(root, 'class/tty/ttyACM0/device'));
  symlinkSync(uart, path.join(root, 'class/tty/ttyS0/device'));
  return root;
}

describe('listFromSysfs (Linux without udevadm)', () => {
  let root: string | undefined;
  afterEach(() => root && rmSync(root, { recursive: true, force: true }));

  it('lists ports with a device behind them, with the USB ids of the device above the interface', () => {
    root = fakeSys();
    const ports = listFromSysfs(root, '/dev');
    expect(ports.map((p) => p.path)).toEqual(['/dev/ttyACM0', '/dev/ttyS0']);
    expect(ports[0]).toMatchObject({ vendorId: '0483', productId: '5740', serialNumber: '3376385C3234', manufacturer: 'STMicroelectronics' });
    expect(ports[1]!.vendorId).toBeUndefined();
  });

  it('gives an empty list when there is no sysfs', () => {
    expect(listFromSysfs('/nonexistent-sys')).toEqual([]);
  });
});
