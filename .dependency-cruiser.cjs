/**
 * Architecture rules: what each layer may import. Run by `npm run arch` as part of `npm test`.
 * (Clock and randomness in the rules engines are forbidden by ESLint: see eslint.config.js.)
 */
const TESTS = '\\.test\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'shared-is-self-contained',
      comment: 'shared/ (protocol, schemas, types) imports nothing of the project outside shared/.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(hub|firmware|dashboard|sim|test|bench|hardware)/' },
    },
    {
      name: 'engines-are-pure',
      comment: 'Rules engines import only shared/ and hub/rules/ (no I/O, no clock, no store, no server).',
      severity: 'error',
      from: { path: '^hub/rules/', pathNot: TESTS },
      to: { pathNot: '^(shared|hub/rules)/|^node_modules/@sinclair/typebox/' },
    },
    {
      name: 'engines-only-through-the-registry',
      comment:
        'Outside hub/rules/, production code reaches the engines only through hub/rules/registry.ts (getEngine and the RulesEngine hooks); hub/rules/common/ holds no engine (replay, persistent lists, CSV). Tests may read an engine directly.',
      severity: 'error',
      from: { pathNot: `^hub/rules/|${TESTS}` },
      to: { path: '^hub/rules/', pathNot: '^hub/rules/(registry\\.ts$|common/)' },
    },
    {
      name: 'engines-core-modules',
      comment: 'No Node built-ins in the rules engines.',
      severity: 'error',
      from: { path: '^hub/rules/', pathNot: TESTS },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'firmware-imports-firmware-and-wire',
      comment:
        'Firmware bundles only firmware/ code and the Espruino-safe files of shared/: the protocol, shared/sensors/edge.ts, ' +
        "the meaning of a sensor edge that the hub's Firmata link reuses (no imports, no allocation), and shared/sensors/ball-set.ts, " +
        'the compiled ball set of the pocket colour sensors the build writes and the firmware reads (no imports).',
      severity: 'error',
      from: { path: '^firmware/', pathNot: `${TESTS}|^firmware/(build|sim)/` },
      to: { pathNot: '^firmware/|^shared/protocol/(wire|topics)\\.ts$|^shared/profile\\.ts$|^shared/sensors/(edge|ball-set)\\.ts$' },
    },
    {
      name: 'firmware-no-core-modules',
      severity: 'error',
      from: { path: '^firmware/', pathNot: `${TESTS}|^firmware/(build|sim)/` },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'dashboard-through-the-api',
      comment:
        'The dashboard reaches the hub only through its HTTP/WebSocket API; it shares only types. (Its tests may read the engines, e.g. to list every decision kind.)',
      severity: 'error',
      from: { path: '^dashboard/', pathNot: TESTS },
      to: { path: '^(hub|firmware|sim|test)/' },
    },
    {
      name: 'hub-not-into-dashboard-or-tests',
      severity: 'error',
      from: { path: '^(hub|shared|sim|firmware)/', pathNot: TESTS },
      to: { path: '^(dashboard|test|bench)/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '(^|/)dist/' },
  },
};
