/**
 * The hub against a Mosquitto behind TLS (docs/mqtt-security.md, TLS): the broker's certificate
 * verified with --broker-ca, and a broker that asks every client for a certificate, which the hub
 * shows with --broker-cert and --broker-key. Certificates are made here with openssl.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeMosquittoConfig } from '../../hub/cli/mosquitto-config';
import { start, type Running } from '../../hub/cli/start';
import { CHANNEL_EVENTS } from '../../shared/protocol/wire';
import { waitFor } from '../helpers/hub';
import { HUB, RUN_AS, VENUE, login, opened, removeTempDirs, startMosquitto, tempDir, topic, type TestBroker } from './mqtt-brokers';

afterAll(removeTempDirs);

/** A throwaway CA and a server certificate for 127.0.0.1, made with openssl. */
function makeCertificates(dir: string): { ca: string; cert: string; key: string } {
  const f = (n: string): string => path.join(dir, n);
  const ssl = (...args: string[]): void => void execFileSync('openssl', args, { stdio: 'pipe' });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  ssl('req', '-x509', ...ec, '-keyout', f('ca.key'), '-out', f('ca.crt'), '-days', '1', '-subj', '/CN=autoref test CA');
  ssl('req', ...ec, '-keyout', f('server.key'), '-out', f('server.csr'), '-subj', '/CN=127.0.0.1');
  writeFileSync(f('san.ext'), 'subjectAltName=IP:127.0.0.1\n');
  ssl(
    'x509',
    '-req',
    '-in',
    f('server.csr'),
    '-CA',
    f('ca.crt'),
    '-CAkey',
    f('ca.key'),
    '-CAcreateserial',
    '-out',
    f('server.crt'),
    '-days',
    '1',
    '-extfile',
    f('san.ext'),
  );
  return { ca: f('ca.crt'), cert: f('server.crt'), key: f('server.key') };
}

/** A client certificate signed by the CA that makeCertificates made in `dir`. */
function makeClientCertificate(dir: string, name: string): { cert: string; key: string } {
  const f = (n: string): string => path.join(dir, n);
  const ssl = (...args: string[]): void => void execFileSync('openssl', args, { stdio: 'pipe' });
  ssl(
    'req',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-keyout',
    f(`${name}.key`),
    '-out',
    f(`${name}.csr`),
    '-subj',
    `/CN=${name}`,
  );
  writeFileSync(f(`${name}.ext`), 'extendedKeyUsage=clientAuth\n');
  ssl(
    'x509',
    '-req',
    '-in',
    f(`${name}.csr`),
    '-CA',
    f('ca.crt'),
    '-CAkey',
    f('ca.key'),
    '-CAcreateserial',
    '-out',
    f(`${name}.crt`),
    '-days',
    '1',
    '-extfile',
    f(`${name}.ext`),
  );
  return { cert: f(`${name}.crt`), key: f(`${name}.key`) };
}

describe('autoref start against Mosquitto over TLS (mqtts://, --broker-ca)', () => {
  let broker: TestBroker | undefined;
  let running: Running | undefined;
  afterAll(async () => {
    await Promise.all(opened.splice(0).map((c) => c.endAsync(true)));
    await running?.stop();
    await broker?.close();
  });

  it('logs the hub in over TLS with its password, verifying the broker with the given CA; a device is heard through it', async () => {
    const certDir = tempDir('autoref-tls-');
    const pem = makeCertificates(certDir);
    broker = await startMosquitto(
      (dir, port) =>
        writeMosquittoConfig(VENUE, dir, HUB, {
          port,
          host: '127.0.0.1',
          user: RUN_AS,
          passwdBinary: null,
          tls: { cafile: pem.ca, certfile: pem.cert, keyfile: pem.key },
        }).conf,
    );
    const url = broker.url.replace('mqtt://', 'mqtts://');
    // Without the CA the handshake fails: the certificate is not trusted.
    await expect(login(url, 'd1', 'd1-secret-1')).rejects.toThrow(/self[- ]signed|unable to (get|verify)/i);
    const venueFile = path.join(certDir, 'venue.json');
    writeFileSync(venueFile, JSON.stringify(VENUE));
    running = await start({
      port: 0,
      host: '127.0.0.1',
      brokerPort: 0,
      brokerUrl: url,
      serial: [],
      store: ':memory:',
      venue: venueFile,
      sim: false,
      log: () => {},
      hubPassword: HUB.password,
      brokerCa: pem.ca,
    });
    expect(running.broker).toBeNull();
    expect(running.hub.links.map((l) => [l.name, l.state()])).toEqual([[`mqtt:${url}`, 'online']]);
    const d1 = await login(url, 'd1', 'd1-secret-1', { ca: readFileSync(pem.ca) });
    await d1.publishAsync(topic('t1', 'd1', CHANNEL_EVENTS), JSON.stringify({ v: 1, k: 'ev', d: 'd1', b: 'tls1', n: 1, t: 5, e: 'goal', s: 'goal-a' }), {
      qos: 1,
    });
    await waitFor(async () => (await running!.hub.store.countDeviceEvents()) === 1, 'the event over TLS in the store');
  });
});

describe('autoref start against Mosquitto that asks every client for a certificate (--broker-cert, --broker-key)', () => {
  let broker: TestBroker | undefined;
  const runs: Running[] = [];
  afterAll(async () => {
    await Promise.all(opened.splice(0).map((c) => c.endAsync(true)));
    for (const r of runs) await r.stop();
    await broker?.close();
  });

  it('the hub shows its client certificate and is let in; without one it is not, and says so in its link state', async () => {
    const certDir = tempDir('autoref-mtls-');
    const pem = makeCertificates(certDir);
    const hubCert = makeClientCertificate(certDir, 'autoref-hub');
    const deviceCert = makeClientCertificate(certDir, 'd1');
    broker = await startMosquitto(
      (dir, port) =>
        writeMosquittoConfig(VENUE, dir, HUB, {
          port,
          host: '127.0.0.1',
          user: RUN_AS,
          passwdBinary: null,
          tls: { cafile: pem.ca, certfile: pem.cert, keyfile: pem.key, requireCertificate: true },
        }).conf,
    );
    const url = broker.url.replace('mqtt://', 'mqtts://');
    const ca = readFileSync(pem.ca);
    // The broker's certificate trusted, the password right, but no certificate of its own: refused.
    await expect(login(url, 'd1', 'd1-secret-1', { ca })).rejects.toThrow();
    const venueFile = path.join(certDir, 'venue.json');
    writeFileSync(venueFile, JSON.stringify(VENUE));
    const common = {
      port: 0,
      host: '127.0.0.1',
      brokerPort: 0,
      brokerUrl: url,
      serial: [],
      store: ':memory:',
      venue: venueFile,
      sim: false,
      log: () => {},
      hubPassword: HUB.password,
      brokerCa: pem.ca,
    };

    const without = await start(common);
    runs.push(without);
    expect(without.hub.links.map((l) => l.state())).not.toEqual(['online']);

    const running = await start({ ...common, brokerCert: hubCert.cert, brokerKey: hubCert.key });
    runs.push(running);
    expect(running.hub.links.map((l) => [l.name, l.state()])).toEqual([[`mqtt:${url}`, 'online']]);
    const d1 = await login(url, 'd1', 'd1-secret-1', { ca, cert: readFileSync(deviceCert.cert), key: readFileSync(deviceCert.key) });
    await d1.publishAsync(topic('t1', 'd1', CHANNEL_EVENTS), JSON.stringify({ v: 1, k: 'ev', d: 'd1', b: 'mtls1', n: 1, t: 5, e: 'goal', s: 'goal-a' }), {
      qos: 1,
    });
    await waitFor(async () => (await running.hub.store.countDeviceEvents()) === 1, 'the event over mutual TLS in the store');
    expect(await without.hub.store.countDeviceEvents()).toBe(0);
  });
});
