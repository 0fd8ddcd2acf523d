/**
 * Mosquitto configuration for a venue: the same access rules as the embedded broker
 * (hub/broker.ts, docs/mqtt-security.md), written as a Mosquitto 2 ACL file, password file and
 * mosquitto.conf.
 *
 *   npx tsx hub/cli/mosquitto-config.ts --venue my-bar.json --out ./mosquitto [--hub-user autoref-hub]
 *   (the hub's password comes from AUTOREF_HUB_PASSWORD)
 */
import { accessSync, constants, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { pbkdf2Sync, randomBytes, timingSafeEqual } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { VenueConfig } from '../../shared/venue';
import { CHANNEL_CMD, CHANNEL_EVENTS, CHANNEL_STATUS, TOPIC_ROOT, topicFor } from '../../shared/protocol/wire';
import { AutorefError } from '../../shared/errors';
import type { MqttCredentials } from '../broker';
import { loadVenue } from './start';

/**
 * The ACL file: one `user` block for the hub, one per device with a secret. A device's table is
 * written into its lines, so a device can publish only under its own table and id. (A
 * `pattern … %u` line could only bind the id, not the table: see deploy/mosquitto/acl.example.)
 */
export function mosquittoAcl(venue: VenueConfig, hubUser: string): string {
  const root = `${TOPIC_ROOT}/${venue.id}`;
  const out = [
    `# Mosquitto ACL for autoref venue ${venue.id}, generated from its venue configuration.`,
    '# No lines before the first `user`: anonymous clients get nothing (and allow_anonymous is false).',
    '',
    '# The hub reads every device of the venue and writes only commands.',
    `user ${hubUser}`,
    `topic read ${root}/#`,
    `topic write ${root}/+/+/${CHANNEL_CMD}`,
  ];
  for (const t of venue.tables) {
    for (const d of t.devices) {
      if (d.secret === undefined) continue;
      out.push(
        '',
        `# device ${d.id} on table ${t.id}`,
        `user ${d.id}`,
        `topic write ${topicFor(venue.id, t.id, d.id, CHANNEL_EVENTS)}`,
        `topic write ${topicFor(venue.id, t.id, d.id, CHANNEL_STATUS)}`,
        `topic read ${topicFor(venue.id, t.id, d.id, CHANNEL_CMD)}`,
      );
    }
  }
  return out.join('\n') + '\n';
}

/** Mosquitto 2's default hash: PBKDF2-HMAC-SHA512, 101 iterations, 12-byte salt, 64-byte key. */
export const MOSQUITTO_PBKDF2 = { id: 7, iterations: 101, saltBytes: 12, keyBytes: 64, digest: 'sha512' } as const;

/** One password file line, `user:$7$101$<salt base64>$<hash base64>`, as `mosquitto_passwd` writes it. */
export function mosquittoPasswordLine(
  username: string,
  password: string,
  salt: Buffer = randomBytes(MOSQUITTO_PBKDF2.saltBytes),
  iterations: number = MOSQUITTO_PBKDF2.iterations,
): string {
  if (username.includes(':') || /[\r\n]/.test(username))
    throw new TypeError(`a Mosquitto username cannot contain ':' or a newline: ${JSON.stringify(username)}`);
  const hash = pbkdf2Sync(password, salt, iterations, MOSQUITTO_PBKDF2.keyBytes, MOSQUITTO_PBKDF2.digest);
  return `${username}:$${MOSQUITTO_PBKDF2.id}$${iterations}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** Does this password file line (type 7) accept this password? */
export function verifyMosquittoPassword(line: string, password: string): boolean {
  const m = /^[^:]+:\$7\$(\d+)\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/.exec(line.trim());
  if (!m) return false;
  const expected = Buffer.from(m[3]!, 'base64');
  const got = pbkdf2Sync(password, Buffer.from(m[2]!, 'base64'), Number(m[1]), expected.length, MOSQUITTO_PBKDF2.digest);
  return got.length === expected.length && timingSafeEqual(got, expected);
}

/** The path of an executable on PATH (or in /usr/bin, /usr/sbin), or null. */
export function findExecutable(name: string): string | null {
  const dirs = [...(process.env['PATH'] ?? '').split(path.delimiter), '/usr/bin', '/usr/sbin'];
  for (const dir of dirs) {
    if (!dir) continue;
    const file = path.join(dir, name);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return null;
}

/** The hub's login and every device with a secret. */
export function venueLogins(venue: VenueConfig, hub: MqttCredentials): MqttCredentials[] {
  const devices = venue.tables.flatMap((t) => t.devices.flatMap((d) => (d.secret === undefined ? [] : [{ username: d.id, password: d.secret }])));
  return [hub, ...devices];
}

export interface PasswordFileOptions {
  /**
   * `mosquitto_passwd` to use: a path, or null to hash in Node. Default: the one on PATH if any.
   * (It takes passwords on its command line (`-b`), where other local users can see them for an
   * instant; hashing in Node does not.)
   */
  passwdBinary?: string | null;
}

/** A Mosquitto password file for these logins. */
export function mosquittoPasswordFile(logins: MqttCredentials[], opts: PasswordFileOptions = {}): string {
  const binary = opts.passwdBinary === undefined ? findExecutable('mosquitto_passwd') : opts.passwdBinary;
  if (!binary) return logins.map((l) => mosquittoPasswordLine(l.username, l.password)).join('\n') + '\n';
  const dir = mkdtempSync(path.join(tmpdir(), 'autoref-passwd-'));
  try {
    const file = path.join(dir, 'passwd');
    writeFileSync(file, '', { mode: 0o600 });
    for (const l of logins) {
      if (l.username.includes(':')) throw new TypeError(`a Mosquitto username cannot contain ':': ${JSON.stringify(l.username)}`);
      execFileSync(binary, ['-b', file, l.username, l.password], { stdio: ['ignore', 'ignore', 'pipe'] });
    }
    return readFileSync(file, 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface MosquittoConfOptions {
  /** Folder that holds (or will hold) `passwd` and `acl`. */
  dir: string;
  port?: number;
  host?: string;
  /** Mosquitto drops root privileges to this user (default `mosquitto`), who must read the files. */
  user?: string;
  /**
   * PEM files for a TLS listener (clients then connect with mqtts://). `requireCertificate`: every
   * client must also show a certificate signed by `cafile` (the hub: --broker-cert, --broker-key).
   */
  tls?: { cafile: string; certfile: string; keyfile: string; requireCertificate?: boolean };
}

/** mosquitto.conf for one listener with logins and the ACL. */
export function mosquittoConf(opts: MosquittoConfOptions): string {
  return [
    '# Mosquitto 2 configuration for autoref, generated (see docs/mqtt-security.md).',
    'per_listener_settings false',
    `listener ${opts.port ?? 1883}${opts.host ? ` ${opts.host}` : ''}`,
    ...(opts.tls
      ? [
          `cafile ${opts.tls.cafile}`,
          `certfile ${opts.tls.certfile}`,
          `keyfile ${opts.tls.keyfile}`,
          ...(opts.tls.requireCertificate ? ['require_certificate true'] : []),
        ]
      : []),
    '# No Nagle: acks and clock-sync replies are small packets (docs/benchmarks.md).',
    'set_tcp_nodelay true',
    'allow_anonymous false',
    `password_file ${path.join(opts.dir, 'passwd')}`,
    `acl_file ${path.join(opts.dir, 'acl')}`,
    "# A client id is its username: nobody can take over the hub's or another device's session.",
    'use_username_as_clientid true',
    ...(opts.user ? [`user ${opts.user}`] : []),
    'persistence false',
    'log_dest stderr',
    '',
  ].join('\n');
}

export interface WrittenConfig {
  conf: string;
  passwd: string;
  acl: string;
}

/** Writes mosquitto.conf, passwd (mode 600) and acl into `dir` for this venue. */
export function writeMosquittoConfig(
  venue: VenueConfig,
  dir: string,
  hub: MqttCredentials,
  conf: Omit<MosquittoConfOptions, 'dir'> & PasswordFileOptions = {},
): WrittenConfig {
  const files = { conf: path.join(dir, 'mosquitto.conf'), passwd: path.join(dir, 'passwd'), acl: path.join(dir, 'acl') };
  writeFileSync(files.passwd, mosquittoPasswordFile(venueLogins(venue, hub), conf), { mode: 0o600 });
  writeFileSync(files.acl, mosquittoAcl(venue, hub.username));
  writeFileSync(files.conf, mosquittoConf({ ...conf, dir }));
  return files;
}

/** `npx tsx hub/cli/mosquitto-config.ts --venue <file> --out <dir>`. */
function main(argv: string[]): void {
  const { values } = parseArgs({
    args: argv,
    options: {
      venue: { type: 'string' },
      out: { type: 'string' },
      'hub-user': { type: 'string', default: 'autoref-hub' },
      port: { type: 'string', default: '1883' },
      'node-hash': { type: 'boolean', default: false },
    },
  });
  const password = process.env['AUTOREF_HUB_PASSWORD'];
  if (!values.venue || !values.out)
    throw new AutorefError('AR_CONFIG', 'usage: mosquitto-config.ts --venue <file> --out <dir> [--hub-user <name>] [--port <n>] [--node-hash]');
  if (!password) throw new AutorefError('AR_CONFIG', "set the hub's MQTT password in AUTOREF_HUB_PASSWORD");
  const venue = loadVenue(values.venue);
  const files = writeMosquittoConfig(
    venue,
    path.resolve(values.out),
    { username: values['hub-user'], password },
    { port: Number(values.port), ...(values['node-hash'] ? { passwdBinary: null } : {}) },
  );
  console.log(`wrote ${files.conf}, ${files.passwd}, ${files.acl} (run: mosquitto -c ${files.conf})`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    main(process.argv.slice(2));
  } catch (e) {
    if (!(e instanceof AutorefError)) throw e;
    console.error(`autoref: ${e.code}: ${e.message}`);
    process.exit(2);
  }
}
