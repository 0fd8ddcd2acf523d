/**
 * The embedded MQTT broker (aedes). If the port already has a broker, the hub says so in one
 * line and uses that broker instead (a venue may run Mosquitto already).
 */
import net from 'node:net';
import { Aedes } from 'aedes';

export interface BrokerHandle {
  url: string;
  embedded: boolean;
  close(): Promise<void>;
}

export interface EmbeddedBrokerOptions {
  port: number;
  host?: string;
  /** Told when the port is taken and the existing broker is used. */
  log?: (line: string) => void;
}

/** Is something accepting TCP connections on host:port? */
function portAnswers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host, port });
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
    s.setTimeout(1000, () => {
      s.destroy();
      resolve(false);
    });
  });
}

export async function startEmbeddedBroker(opts: EmbeddedBrokerOptions): Promise<BrokerHandle> {
  const host = opts.host ?? '127.0.0.1';
  if (opts.port !== 0 && (await portAnswers(host, opts.port))) {
    const url = `mqtt://${host}:${opts.port}`;
    opts.log?.(`port ${opts.port} already has an MQTT broker: using ${url} instead of the embedded one`);
    return { url, embedded: false, close: async () => {} };
  }
  const aedes = await Aedes.createBroker();
  const server = net.createServer(aedes.handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, host, () => resolve());
  });
  const addr = server.address() as net.AddressInfo;
  return {
    url: `mqtt://${host}:${addr.port}`,
    embedded: true,
    close: () =>
      new Promise<void>((resolve) => {
        aedes.close(() => server.close(() => resolve()));
      }),
  };
}
