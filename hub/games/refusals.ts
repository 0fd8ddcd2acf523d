/**
 * Refusals of a running match's sensor events, told to the people who can act on them: the devices
 * page counts them against their device, the venue feed shows them, the referee panel lists them.
 */
import type { Ingest } from '../ingest/pipeline';
import type { MatchManager, MatchRefusal } from './matches';

/** A refused sensor event in words: what it was, where, and the engine's reason and code. */
export function refusalText(r: MatchRefusal): string {
  const e = r.event;
  const where =
    e === undefined
      ? ''
      : e.type === 'goal'
        ? ` ${e.goal}`
        : e.type === 'pocket'
          ? ` ${e.pocket}`
          : e.type === 'hole'
            ? ` lane ${e.lane}`
            : 'lane' in e && e.lane
              ? ` lane ${e.lane}`
              : '';
  return `${e?.type ?? r.rejection.type}${where} on table ${r.table}: ${r.rejection.reason} (${r.rejection.code})`;
}

/**
 * A sensor event the running match cannot place is counted against its device (AR_NOT_IN_GAME,
 * with the reason: the devices page shows it) and goes out on the stream as a rejection (the
 * venue feed); the referee panel lists the match's refusals from the live report.
 */
export function reportSensorRefusals(matches: MatchManager, ingest: Pick<Ingest, 'counters' | 'emit'>, now: () => number): void {
  matches.on('refused', (r) => {
    if (!r.source) return;
    const reason = refusalText(r);
    ingest.counters.rejected(r.source.device, 'AR_NOT_IN_GAME', reason, r.source.link, now());
    ingest.emit('rejected', { device: r.source.device, rejection: { code: 'AR_NOT_IN_GAME', reason }, link: r.source.link });
  });
}
