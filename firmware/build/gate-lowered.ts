/**
 * A gate probe (gate-probes.ts) as the build's esbuild settings rewrite it (es2015, helpers
 * inlined): the value goes to a free function `probeResult`, so the rewritten code can be run
 * as it is, in Node or on the interpreter.
 */
import * as esbuild from 'esbuild';

export function lowered(js: string): string {
  return esbuild.transformSync(`probeResult(${js});`, { loader: 'js', target: 'es2015' }).code;
}

/** Probes esbuild rewrites into code that runs on Espruino: they pass the gate once lowered. */
export const LOWERED_PROBES = ['optional chaining', '??=', '||='];

/**
 * Lowered probes the gate refuses although they run, on purpose: what makes them run is out of
 * a static check's sight.
 */
export const STRICTER_THAN_MEASURED: Record<string, string> = {
  'object spread':
    "esbuild's object-spread helper reaches the missing Object.getOwnPropertySymbols and Object.prototype.propertyIsEnumerable only behind a feature check",
  '** operator': 'esbuild lowers ** to Math.pow, exact for this small power; large powers are not (the gate cannot know the size)',
};
