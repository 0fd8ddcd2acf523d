/**
 * Builds one firmware bundle: validates the profile for the board, compiles it, bundles the
 * firmware with esbuild (es2015, iife, minified) around a generated entry, and runs the
 * compatibility gate on the output. Node-side code (never in the bundle).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { BOARDS, checkProfile, type BoardId, type TableProfile } from '../../shared/profile';
import { checkLink, checkTagUart, compileProfile, type Compiled, type Identity } from './compile';
import { escapeForUpload } from './ascii';
import { checkSource, formatProblems, type Problem } from './gate';
import { projectRoot } from '../../shared/project-root';

export const ROOT = projectRoot();
export const PROFILES_DIR = path.join(ROOT, 'hardware/profiles');
export const DIST_DIR = path.join(ROOT, 'firmware/dist');

export interface BuildOptions extends Identity {
  /** A profile id (file under hardware/profiles) or a profile object. */
  profile: string | TableProfile;
  board: BoardId;
  /** Default true; false keeps a readable bundle (the gate reports source files then). */
  minify?: boolean;
  /** The entry module exporting start(cfg, pins); default firmware/app.ts (tests swap it). */
  app?: string;
}

export interface BuildResult extends Compiled {
  code: string;
  bytes: number;
  profileId: string;
  board: BoardId;
}

export class FirmwareBuildError extends Error {
  constructor(
    message: string,
    readonly problems: string[] | Problem[],
  ) {
    super(message);
  }
}

export function loadProfile(id: string): unknown {
  return JSON.parse(readFileSync(path.join(PROFILES_DIR, `${id}.json`), 'utf8'));
}

function bundle(c: Compiled, minify: boolean, app: string): string {
  // Kinds added by descriptor: their components registered by kind code before start().
  const more = c.components.flatMap((m, i) => [
    `import { component as c${i} } from ${JSON.stringify(path.join(ROOT, m.module))};`,
    `COMPONENTS[${m.code}] = c${i};`,
  ]);
  const entry = [
    `import { start } from ${JSON.stringify(app)};`,
    ...(more.length > 0 ? [`import { COMPONENTS } from ${JSON.stringify(path.join(ROOT, 'firmware/sensors/index.ts'))};`, ...more] : []),
    `start(${JSON.stringify(c.cfg)}, [${c.pins.join(', ')}]);`,
  ].join('\n');
  const out = esbuild.buildSync({
    stdin: { contents: entry, resolveDir: ROOT, loader: 'ts', sourcefile: 'firmware-entry.ts' },
    bundle: true,
    format: 'iife',
    target: 'es2015',
    minify,
    // What the profile does not use is left out (each byte of code is RAM on the board).
    define: {
      FW_LINK: JSON.stringify(c.cfg.link),
      FW_TAG: JSON.stringify(c.tag),
      FW_POCKET: JSON.stringify(c.features.pocket),
      FW_PIEZO: JSON.stringify(c.features.piezo),
      FW_ANALOG: JSON.stringify(c.features.analog),
      FW_COLOUR: JSON.stringify(c.features.colour),
      FW_BALLID: JSON.stringify(c.features.ballid),
      FW_MORE: JSON.stringify(c.components.length > 0),
    },
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
  });
  // The HAL names Espruino's require ESPRUINO_REQUIRE so esbuild leaves it alone (it would wrap
  // `require` in a Proxy shim); on the board, and for the espruino CLI, it is plain require.
  // Then every character the upload tool would rewrite is escaped (ascii.ts).
  return escapeForUpload(out.outputFiles[0]!.text.replace(/\bESPRUINO_REQUIRE\(/g, 'require('));
}

export function buildFirmware(opts: BuildOptions): BuildResult {
  const raw = typeof opts.profile === 'string' ? loadProfile(opts.profile) : opts.profile;
  if (!BOARDS[opts.board]) throw new FirmwareBuildError(`unknown board ${opts.board}`, [`boards: ${Object.keys(BOARDS).join(', ')}`]);
  const problems = checkProfile(raw, opts.board);
  if (problems.length) throw new FirmwareBuildError(`profile does not validate for ${opts.board}:\n  ${problems.join('\n  ')}`, problems);
  const profile = raw as TableProfile;
  const tagUart = checkTagUart(profile, opts.board);
  if (tagUart.length) throw new FirmwareBuildError(`tag reader does not fit ${opts.board}:\n  ${tagUart.join('\n  ')}`, tagUart);
  const link = checkLink(profile, opts.board, opts);
  if (link.length) throw new FirmwareBuildError(`link options do not fit ${opts.board}:\n  ${link.join('\n  ')}`, link);
  const compiled = compileProfile(profile, opts.board, opts);
  // Gate the readable bundle (problems point at source files), then the shipped one.
  const app = opts.app ?? './firmware/app.ts';
  const readable = bundle(compiled, false, app);
  let gate = checkSource(readable);
  const code = opts.minify === false ? readable : bundle(compiled, true, app);
  if (gate.length === 0 && code !== readable) gate = checkSource(code);
  if (gate.length) throw new FirmwareBuildError(`compatibility gate: ${gate.length} problem(s) Espruino would fail on:\n${formatProblems(gate)}`, gate);
  return { ...compiled, code, bytes: Buffer.byteLength(code), profileId: profile.id, board: opts.board };
}
