/**
 * Diagnosis for the carom tracker (issue #26): plays a carom game's yardstick shots through the
 * whole chain on the acoustic profile (calibrated as the staff would, unless NOCAL=1) and prints
 * the tally; with TRACE=1 each shot that scored in truth (ALL=1: every shot) with its true events,
 * what the localiser placed and the tracker's readings.
 *
 *   node --import tsx bench/automation/carom-trace.ts three-cushion 120
 */
import { caromAdapter } from './carom';
import { runChain, type RunOptions } from './chain';
import { calibratedTable } from './acoustic';
import { BAR_NOISE } from '../../sim/signals/signals';
const game = process.argv[2] ?? 'three-cushion';
const n = Number(process.argv[3] ?? 40);
const adapter = caromAdapter(game)(20261206);
(adapter as { profile: string }).profile = 'carom-acoustic';
const shots = adapter.play(n);
const cal = process.env.NOCAL ? undefined : calibratedTable('carom-acoustic', 20261206, BAR_NOISE);
if (cal) console.log('calibration', cal.result.error.rail, cal.result.error.slate, cal.result.warnings);
/** With TRACE: each shot that scored in truth (ALL: every shot), its true events, what was placed and read. */
const trace: RunOptions['trace'] = (i, shot, events) => {
  const pts = Object.keys(shot.truth.points).length > 0;
  if (!pts && !process.env.ALL) return;
  console.log('--- shot', i, JSON.stringify(shot.truth));
  for (const e of shot.events)
    if (e.type === 'cushion' || e.type === 'contact' || e.type === 'strike')
      console.log(
        '  T',
        e.type,
        e.type === 'cushion'
          ? e.ball + ' ' + e.place + ' ' + e.x?.toFixed(2) + ',' + e.y?.toFixed(2)
          : e.type === 'contact'
            ? e.a + e.b + ' ' + e.x.toFixed(2) + ',' + e.y.toFixed(2)
            : e.ball,
        (e.t * 1000).toFixed(0),
      );
  for (const e of events) {
    if (e.type === 'track')
      console.log(
        '  TRACK cue',
        e.cue,
        JSON.stringify(
          e.readings.slice(0, 3).map((r) => [r.probability, r.events.map((x) => (x.type === 'cushion' ? x.ball + x.cushion : x.a + x.b)).join(' ')]),
        ),
        JSON.stringify(e.evidence),
      );
    else if (e.type === 'cushion' || e.type === 'contact') console.log('  P', e.type, e.type === 'cushion' ? e.cushion : '', e.x, e.y, e.sd, e.t.toFixed(0));
    else console.log('  E', e.type, (e as { decision?: string }).decision ?? '', (e as { answer?: string }).answer ?? '');
  }
};
const t = runChain({
  game,
  adapter,
  shots,
  mode: 'unattended',
  noise: BAR_NOISE,
  seed: 20261206,
  oracleRest: !!process.env.ORACLE,
  ...(cal ? { acoustic: cal.table, layout: cal.layout } : {}),
  ...(process.env.TRACE ? { trace } : {}),
});
console.log({
  shots: t.shots,
  right: t.shotsRight / t.shots,
  judged: t.judgedRight / t.shots,
  drift: t.turnDrift / t.shots,
  truePoints: t.truePoints,
  pointsRight: t.pointsRight,
  pointsFalse: t.pointsFalse,
  q: t.questions,
  sure: t.decidedSure,
  byKind: t.byKind,
});
const ms = [...(t.tracker ?? [])].sort((a, b) => a - b);
console.log('tracker ms p50', ms[ms.length >> 1], 'p99', ms[Math.floor(ms.length * 0.99)]);
console.log(t.wrong.slice(0, 8).join('\n'));
