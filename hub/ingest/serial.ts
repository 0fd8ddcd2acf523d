/**
 * A serial link: one port, protocol v1 lines through LineGuard and parser-readline into the
 * Ingest. A pulled cable is a state, not an exception: the link goes offline and reopens the
 * port with backoff until it is back.
 */
import { SerialPort } from 'serialport';
import { ReadlineParser } from '@serialport/parser-readline';
import { MAX_LINE_BYTES } from '../../shared/protocol/wire';
import { encodeLine } from '../../shared/protocol/decode';
import type { HubCommand } from '../../shared/protocol/schema';
import { hubNow } from '../time/hub-clock';
import { AutorefError } from '../../shared/errors';
import type { Ingest } from './pipeline';
import { LineGuard } from './line-guard';
import { listSerialPorts, type PortInfo } from './ports';
import { DeviceLink, type BackoffOptions } from './link';

export type { LinkState } from './link';

export interface UsbMatch {
  /** Hex, as the OS reports it, e.g. "0483" (STMicroelectronics: Espruino Pico and WiFi). */
  vendorId: string;
  productId?: string;
  serialNumber?: string;
}

/**
 * A port as the command line or a venue file names it: a path (`/dev/ttyACM0`), or the USB device
 * to look for, `usb:<vendor>[:<product>[:<serial number>]]` with the ids in hex as the OS lists them
 * (`autoref devices` shows them), e.g. `usb:0483:5740`.
 */
export function parsePortSpec(spec: string): Pick<SerialLinkOptions, 'path' | 'usb'> {
  if (!spec.startsWith('usb:')) return { path: spec };
  const [vendorId, productId, ...serial] = spec.slice(4).split(':');
  const hex = /^[0-9a-f]{4}$/i;
  if (vendorId === undefined || !hex.test(vendorId) || (productId !== undefined && productId !== '' && !hex.test(productId))) {
    throw new AutorefError('AR_CONFIG', `serial port ${JSON.stringify(spec)}: expected usb:<vendor id>[:<product id>[:<serial number>]], ids of 4 hex digits`);
  }
  const serialNumber = serial.join(':');
  return { usb: { vendorId, ...(productId ? { productId } : {}), ...(serialNumber ? { serialNumber } : {}) } };
}

export interface SerialLinkOptions extends BackoffOptions {
  /** A fixed port path, or... */
  path?: string;
  /** ...the USB device to look for on every (re)open: survives a port renamed after a replug. */
  usb?: UsbMatch;
  baudRate?: number;
  /** For tests: a serialport binding (e.g. @serialport/binding-mock). */
  binding?: ConstructorParameters<typeof SerialPort>[0]['binding'];
}

export class SerialLink extends DeviceLink {
  private port: SerialPort | null = null;
  /** The path of the port open now (for a USB match, what it resolved to). */
  openPath: string | null = null;
  /** Devices seen on this port, so a pulled cable marks them offline. */
  private readonly seen = new Set<string>();
  readonly linkName: string;

  constructor(
    private readonly ingest: Ingest,
    private readonly opts: SerialLinkOptions,
  ) {
    super(opts);
    if (!opts.path && !opts.usb) throw new TypeError('SerialLink needs a path or a usb match');
    this.linkName = opts.path
      ? `serial:${opts.path}`
      : `serial:usb:${opts.usb!.vendorId}:${opts.usb!.productId ?? '*'}${opts.usb!.serialNumber ? `:${opts.usb!.serialNumber}` : ''}`;
    ingest.on('device-message', (m, origin) => {
      if (origin.link === this.linkName) this.seen.add(m.d);
    });
  }

  /** The port to open now: the fixed path, or the first port whose USB ids match. */
  private async resolvePath(): Promise<string | null> {
    if (this.opts.path) return this.opts.path;
    const want = this.opts.usb!;
    const ports: PortInfo[] = await (this.opts.binding ? this.opts.binding.list() : listSerialPorts());
    const lc = (x: string | undefined) => x?.toLowerCase();
    const hit = ports.find(
      (p) =>
        lc(p.vendorId) === lc(want.vendorId) &&
        (want.productId === undefined || lc(p.productId) === lc(want.productId)) &&
        (want.serialNumber === undefined || p.serialNumber === want.serialNumber),
    );
    return hit ? hit.path : null;
  }

  protected open(): void {
    if (this.state === 'closed') return;
    this.resolvePath().then(
      (path) => (path ? this.openAt(path) : this.retry('no USB device matches')),
      (e: Error) => this.retry(e.message),
    );
  }

  private openAt(path: string): void {
    const port = new SerialPort({
      path,
      baudRate: this.opts.baudRate ?? 115200,
      autoOpen: false,
      ...(this.opts.binding ? { binding: this.opts.binding } : {}),
    });
    this.port = port;
    port.open((err) => {
      if (err) {
        this.port = null;
        this.retry(err.message);
        return;
      }
      this.attempt = 0;
      this.openPath = path;
      this.setState('online');
      const lines = port.pipe(new LineGuard(MAX_LINE_BYTES)).pipe(new ReadlineParser({ delimiter: '\n', encoding: 'utf8' }));
      const origin = { link: this.linkName, send: (_device: string, cmd: HubCommand, written?: (hubMs: number) => void) => this.write(cmd, written) };
      lines.on('data', (line: string) => this.ingest.accept(line, origin));
    });
    port.on('close', () => this.lost('port closed'));
    port.on('error', (e) => this.lost(e.message));
  }

  private lost(why: string): void {
    if (this.state === 'closed' || this.port === null) return;
    this.port.removeAllListeners();
    this.port = null;
    for (const d of this.seen) this.ingest.markOffline(d);
    this.setState('offline', why);
    this.retry(why);
  }

  write(cmd: HubCommand, written?: (hubMs: number) => void): void {
    if (!this.port?.isOpen) return;
    if (written) this.port.write(encodeLine(cmd), (err) => err || written(hubNow()));
    else this.port.write(encodeLine(cmd));
  }

  async close(): Promise<void> {
    this.stop();
    const port = this.port;
    this.port = null;
    if (port?.isOpen) await new Promise<void>((r) => port.close(() => r()));
  }
}
