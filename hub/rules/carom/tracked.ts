/**
 * A shot the hub's tracker read (issue #26): its `track` event names the ball of every localised
 * knock and click, in one or more readings with their probabilities. The scoring predicates read
 * the first reading's events in place of the shot's unnamed sensor events; the point question
 * takes the most probable outcome over all readings as its default, and that outcome's summed
 * probability, bucketed, as its basis: the base rates say how often such a reading is right, which
 * is the question's probability (the hub decides alone at or above the venue's certainty, asks
 * below it). Pure: the tracker ran in the hub, its conclusion is in the log.
 */
import type { GameEvent, GameEventOf, TrackReading } from '../../../shared/game/events';
import type { ShotPicture } from '../../../shared/reports/carom';
import { outcomeOf, type ShotContext } from './outcome';

export type Track = GameEventOf<'track'>;

/** The shot's last tracker reading, if the hub tracked it. */
export function trackOf(events: readonly GameEvent[]): Track | undefined {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (e.type === 'track') return e;
  }
  return undefined;
}

/**
 * The shot as a reading tells it: its events without the sensors' cushions and contacts (and the
 * track itself), the reading's named ones in their place, in time order after the strike.
 */
export function readingEvents(events: readonly GameEvent[], reading: TrackReading): GameEvent[] {
  const out: GameEvent[] = [];
  let placed = false;
  for (const e of events) {
    if (e.type === 'cushion' || e.type === 'contact' || e.type === 'track') continue;
    out.push(e);
    // The reading goes right after the shot's first event (its strike): the predicates read the
    // order of contacts and cushions only, and an off-table event anywhere.
    if (!placed) {
      placed = true;
      for (const r of reading.events)
        out.push(
          r.type === 'cushion'
            ? { type: 'cushion', t: r.t, by: 'hub', ball: r.ball, cushion: r.cushion }
            : { type: 'contact', t: r.t, by: 'hub', a: r.a, b: r.b },
        );
    }
  }
  return out;
}

/** The outcomes the readings give, each with its summed probability, most probable first. */
export function trackedOutcomes(events: readonly GameEvent[], track: Track, ctx: ShotContext): { outcome: string; probability: number }[] {
  const sums = new Map<string, number>();
  for (const r of track.readings) {
    const o = outcomeOf(readingEvents(events, r), ctx);
    sums.set(o, (sums.get(o) ?? 0) + r.probability);
  }
  return [...sums]
    .map(([outcome, p]) => ({ outcome, probability: Math.min(1, Math.round(p * 10_000) / 10_000) }))
    .sort((a, b) => b.probability - a.probability || (a.outcome < b.outcome ? -1 : 1));
}

/** The shot picture for the report (the first reading, where each ball went). */
export function pictureOf(track: Track, probability: number): ShotPicture {
  return { cue: track.cue, paths: track.paths, events: track.readings[0]!.events, probability };
}

/** The tracker's probabilities as the base rates count them: coarse enough to be seen often. */
const BUCKETS = [0.999, 0.99, 0.95, 0.8, 0.5] as const;

/**
 * A tracked shot's point question's basis (PendingDecision.basis): how sure the tracker was of its
 * outcome, coarsely, and the outcome. The tracker's own probability is not a frequency: the base
 * rates (`npm run base-rates -- --profile carom-acoustic`) count how often a reading so sure was
 * right, and that is the question's probability.
 */
export function trackedBasis(probability: number, outcome: string): string {
  const bucket = BUCKETS.find((b) => probability >= b);
  return `tracked|p>=${bucket ?? 0}|${outcome}`;
}

/** Evidence lines of a tracked shot's point question. */
export function trackEvidence(track: Track): string[] {
  const lines = [
    `tracker: ${track.evidence.knocks} knock(s), ${track.evidence.clicks} click(s) placed, ${track.evidence.unexplained} unexplained, ${track.evidence.hypotheses} hypotheses`,
  ];
  track.readings.slice(0, 3).forEach((r, i) => {
    const said = r.events.map((e) => (e.type === 'cushion' ? `${e.ball}→${e.cushion}` : `${e.a}×${e.b}`)).join(' ');
    lines.push(`reading ${i + 1} (${Math.round(r.probability * 1000) / 10} %): ${said || 'no event'}`);
  });
  return lines;
}
