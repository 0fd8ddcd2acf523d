import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { VenueConfig } from '../../shared/venue';
import {
  findExecutable,
  mosquittoAcl,
  mosquittoConf,
  mosquittoPasswordFile,
  mosquittoPasswordLine,
  venueLogins,
  verifyMosquittoPassword,
  writeMosquittoConfig,
} from './mosquitto-config';

const VENUE: VenueConfig = {
  id: 'bar',
  name: 'Bar',
  language: 'en',
  tables: [
    {
      id: 't1',
      name: 'T1',
      game: 'golf-billiards',
      devices: [
        { id: 'd1', link: 'mqtt', secret: 'secret-one' },
        { id: 'd1s', link: 'serial', path: '/dev/ttyACM0' },
      ],
    },
    { id: 't2', name: 'T2', game: 'eight-ball', devices: [{ id: 'd2', link: 'mqtt', secret: 'secret-two' }] },
  ],
};
const HUB = { username: 'autoref-hub', password: 'hub-password' };

/** Written by `mosquitto_passwd -c -b pw alice s3cret` (Mosquitto 2.0.11). */
const MOSQUITTO_PASSWD_LINE = 'alice:$7$101$OjAl21jUPgBHYMya$W0junKRQU0sr4SMtDwFvXlnh8xFSYNnz4Qhg771Bm5rpHPbxDIqaSYFM+Emf+LGIjtDSxagoBM2tesSmxKyq7A==';

describe('mosquittoAcl', () => {
  it('gives the hub the venue to read and cmd to write, and each device with a secret its own three topics', () => {
    const acl = mosquittoAcl(VENUE, 'autoref-hub');
    const rules = acl.split('\n').filter((l) => l !== '' && !l.startsWith('#'));
    expect(rules).toEqual([
      'user autoref-hub',
      'topic read autoref/bar/#',
      'topic write autoref/bar/+/+/cmd',
      'user d1',
      'topic write autoref/bar/t1/d1/events',
      'topic write autoref/bar/t1/d1/status',
      'topic read autoref/bar/t1/d1/cmd',
      'user d2',
      'topic write autoref/bar/t2/d2/events',
      'topic write autoref/bar/t2/d2/status',
      'topic read autoref/bar/t2/d2/cmd',
    ]);
    // nothing for anonymous clients: the first rule line is a `user` line
    expect(acl.split('\n').find((l) => l !== '' && !l.startsWith('#'))).toBe('user autoref-hub');
  });
});

describe('Mosquitto password lines', () => {
  it('hashes like mosquitto_passwd: PBKDF2-SHA512, 101 iterations, base64 salt and hash', () => {
    const salt = Buffer.from('OjAl21jUPgBHYMya', 'base64');
    expect(mosquittoPasswordLine('alice', 's3cret', salt)).toBe(MOSQUITTO_PASSWD_LINE);
    const fresh = mosquittoPasswordLine('bob', 'pw');
    expect(fresh).toMatch(/^bob:\$7\$101\$[A-Za-z0-9+/]{16}\$[A-Za-z0-9+/]{86}==$/);
    expect(fresh).not.toBe(mosquittoPasswordLine('bob', 'pw')); // a new salt each time
  });

  it('verifies a line against a password', () => {
    expect(verifyMosquittoPassword(MOSQUITTO_PASSWD_LINE, 's3cret')).toBe(true);
    expect(verifyMosquittoPassword(MOSQUITTO_PASSWD_LINE, 's3cret ')).toBe(false);
    expect(verifyMosquittoPassword('alice:$6$abc$def', 's3cret')).toBe(false);
    expect(verifyMosquittoPassword('garbage', 's3cret')).toBe(false);
  });

  it('refuses a username Mosquitto could not read back', () => {
    expect(() => mosquittoPasswordLine('a:b', 'x')).toThrow(TypeError);
    expect(() => mosquittoPasswordFile([{ username: 'a:b', password: 'x' }], { passwdBinary: null })).toThrow(TypeError);
  });

  const logins = venueLogins(VENUE, HUB);
  it('lists the hub and every device with a secret', () => {
    expect(logins.map((l) => l.username)).toEqual(['autoref-hub', 'd1', 'd2']);
  });

  const check = (file: string): void => {
    const lines = file.trim().split('\n');
    expect(lines.map((l) => l.split(':')[0])).toEqual(['autoref-hub', 'd1', 'd2']);
    lines.forEach((line, i) => {
      expect(verifyMosquittoPassword(line, logins[i]!.password)).toBe(true);
      expect(verifyMosquittoPassword(line, logins[(i + 1) % 3]!.password)).toBe(false);
    });
  };

  it('writes a password file in Node', () => check(mosquittoPasswordFile(logins, { passwdBinary: null })));

  const binary = findExecutable('mosquitto_passwd');
  it.skipIf(!binary)('writes the same format with mosquitto_passwd -b when it is installed', () =>
    check(mosquittoPasswordFile(logins, { passwdBinary: binary })),
  );
});

describe('mosquittoConf and writeMosquittoConfig', () => {
  it('writes a config that refuses anonymous clients and points at the password and ACL files', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'autoref-mqconf-'));
    const files = writeMosquittoConfig(VENUE, dir, HUB, { port: 18999, host: '127.0.0.1', passwdBinary: null });
    const conf = readFileSync(files.conf, 'utf8').split('\n');
    expect(conf).toEqual(
      expect.arrayContaining([
        'listener 18999 127.0.0.1',
        'allow_anonymous false',
        `password_file ${files.passwd}`,
        `acl_file ${files.acl}`,
        'use_username_as_clientid true',
      ]),
    );
    expect(statSync(files.passwd).mode & 0o777).toBe(0o600);
    expect(readFileSync(files.acl, 'utf8')).toBe(mosquittoAcl(VENUE, 'autoref-hub'));
    expect(mosquittoConf({ dir: '/etc/mosquitto/autoref' })).toContain('listener 1883\n');
  });
});
