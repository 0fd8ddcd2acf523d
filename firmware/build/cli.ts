/**
 * npm run firmware:build -- --profile <table-profile> --board <board> [--device id] [--table id]
 *   [--venue id] [--mqtt-host host] [--mqtt-port n] [--uart Serial1|Serial2] [--baud n]
 *   [--out file] [--no-minify]
 * Writes firmware/dist/<profile>-<board>.js and prints its size and the upload command.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BOARDS, BoardIds, type BoardId } from '../../shared/profile';
import type { LinkUart } from './compile';

const USAGE = `usage: npm run firmware:build -- --profile <table-profile> --board <${BoardIds.join('|')}>
  --device <id>        the device id the board introduces itself with (default: <profile>-1)
  --table <id>         the table it sits in (default: the profile id)
  --venue <id>         the venue, for the MQTT topics (default: demo)
  --mqtt-host <host>   broker host for the WiFi boards; --mqtt-port <n> (default 1883)
  --uart Serial1|Serial2 [--baud n]   serial link on a UART instead of USB (Pico)
  --out <file>         where to write the bundle (default: firmware/dist/<profile>-<board>.js)
  --no-minify          keep the bundle readable`;

function parse(): ReturnType<typeof parseOptions> | null {
  try {
    return parseOptions();
  } catch (e) {
    console.error(`${e instanceof Error ? e.message : String(e)}\n${USAGE}`);
    return null;
  }
}

function parseOptions() {
  return parseArgs({
    options: {
      profile: { type: 'string' },
      board: { type: 'string' },
      device: { type: 'string' },
      table: { type: 'string' },
      venue: { type: 'string' },
      'mqtt-host': { type: 'string' },
      'mqtt-port': { type: 'string' },
      uart: { type: 'string' },
      baud: { type: 'string' },
      out: { type: 'string' },
      'no-minify': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

async function main(): Promise<number> {
  const parsed = parse();
  if (!parsed) return 2;
  const { values } = parsed;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (!values.profile || !values.board) {
    console.error(USAGE);
    return 2;
  }
  if (!(BoardIds as readonly string[]).includes(values.board)) {
    console.error(`unknown board "${values.board}": one of ${BoardIds.join(', ')}`);
    return 2;
  }
  const board = values.board as BoardId;
  if (values.uart !== undefined && values.uart !== 'Serial1' && values.uart !== 'Serial2') {
    console.error(`unknown --uart "${values.uart}": Serial1 or Serial2`);
    return 2;
  }
  // The build (esbuild, the TypeScript parser for the gate) is loaded only when there is one to
  // make: usage errors and --help answer at once.
  const { buildFirmware, DIST_DIR, FirmwareBuildError } = await import('./build');
  try {
    const r = buildFirmware({
      profile: values.profile,
      board,
      device: values.device,
      table: values.table,
      venue: values.venue,
      mqttHost: values['mqtt-host'],
      mqttPort: values['mqtt-port'] ? Number(values['mqtt-port']) : undefined,
      uart: values.uart as LinkUart | undefined,
      baud: values.baud ? Number(values.baud) : undefined,
      minify: !values['no-minify'],
    });
    const out = values.out ?? path.join(DIST_DIR, `${r.profileId}-${board}.js`);
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, r.code);
    const port = r.cfg.link === 'serial' ? (r.cfg.lp ? ` on ${values.uart} at ${r.cfg.lb} baud` : ' on USB') : '';
    console.log(
      `${path.relative(process.cwd(), out)}: ${r.bytes} bytes, ${r.cfg.s.length} sensors, link ${r.cfg.link}${port}, buffer ${r.cfg.cap} events; compatibility gate passed`,
    );
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

process.exitCode = await main();
