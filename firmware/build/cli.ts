/**
 * npm run firmware:build -- --profile <table-profile> --board <board> [--device id] [--table id]
 *   [--venue id] [--mqtt-host host] [--mqtt-port n] [--out file] [--no-minify]
 * Writes firmware/dist/<profile>-<board>.js and prints its size and the upload command.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BOARDS, BoardIds, type BoardId } from '../../shared/profile';
import { buildFirmware, DIST_DIR, FirmwareBuildError } from './build';

function main(): number {
  const { values } = parseArgs({
    options: {
      profile: { type: 'string' },
      board: { type: 'string' },
      device: { type: 'string' },
      table: { type: 'string' },
      venue: { type: 'string' },
      'mqtt-host': { type: 'string' },
      'mqtt-port': { type: 'string' },
      out: { type: 'string' },
      'no-minify': { type: 'boolean' },
    },
  });
  if (!values.profile || !values.board) {
    console.error(`usage: npm run firmware:build -- --profile <table-profile> --board <${BoardIds.join('|')}>`);
    return 2;
  }
  if (!(BoardIds as readonly string[]).includes(values.board)) {
    console.error(`unknown board "${values.board}": one of ${BoardIds.join(', ')}`);
    return 2;
  }
  const board = values.board as BoardId;
  try {
    const r = buildFirmware({
      profile: values.profile,
      board,
      device: values.device,
      table: values.table,
      venue: values.venue,
      mqttHost: values['mqtt-host'],
      mqttPort: values['mqtt-port'] ? Number(values['mqtt-port']) : undefined,
      minify: !values['no-minify'],
    });
    const out = values.out ?? path.join(DIST_DIR, `${r.profileId}-${board}.js`);
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, r.code);
    console.log(`${path.relative(process.cwd(), out)}: ${r.bytes} bytes, ${r.cfg.s.length} sensors, link ${r.cfg.link}, buffer ${r.cfg.cap} events; compatibility gate passed`);
    console.log(`upload: npx espruino --board ${BOARDS[board].espruinoBoard} -p /dev/ttyACM0 ${path.relative(process.cwd(), out)} -e 'save()'`);
    return 0;
  } catch (e) {
    if (e instanceof FirmwareBuildError) {
      console.error(`firmware build failed: ${e.message}`);
      return 1;
    }
    if (e instanceof Error && 'code' in e && e.code === 'ENOENT') {
      console.error(`no profile "${values.profile}" under hardware/profiles`);
      return 1;
    }
    throw e;
  }
}

process.exitCode = main();
