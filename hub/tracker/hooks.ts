/**
 * A venue table's acoustic hooks for its shot assembler (hub/games/assembler.ts): the device whose
 * profile has acoustic sensors, a localiser on the table's layout (calibrated where the
 * calibration saved one, else the profile's nominal), and the tracker reading each shot with the
 * match's cue ball. Carom only: the tracker knows the carom break and three or four balls.
 */
import { gameEntry } from '../../shared/game/catalogue';
import type { CaromReport } from '../../shared/reports/carom';
import { nominalLayout, type AcousticLayout } from '../../shared/tables/acoustic';
import type { TableConfig } from '../../shared/venue';
import type { AcousticHooks } from '../games/assembler';
import type { ProfileLookup } from '../games/table-config';
import type { TableProfile } from '../../shared/profile';
import { Localiser } from '../acoustic/localise';
import { TableTracker, type TrackContext } from './table';

/** What the tracker needs of a carom match's report; null when no shot of play is coming (lag, game over). */
export function caromContext(r: CaromReport | null | undefined, fourBall: boolean): TrackContext | null {
  if (!r || r.status !== 'playing' || !r.turn?.cueBall) return null;
  return { cue: r.turn.cueBall, opening: r.opening, balls: r.config.balls, fourBall };
}

/**
 * The hooks for `table`, or undefined when it has no acoustic device or its game is not carom.
 * `report`: the table's running match report (its engine's); `layoutOf`: the calibrated layout of
 * a table's device, if one was saved.
 */
export function acousticHooks(
  table: TableConfig,
  profiles: ProfileLookup,
  report: () => unknown,
  layoutOf: (device: string, profile: TableProfile) => AcousticLayout | undefined = (_d, profile) => nominalLayout(profile),
): (AcousticHooks & { tracker: TableTracker }) | undefined {
  if (gameEntry(table.game).family !== 'carom') return undefined;
  for (const d of table.devices) {
    const profile = d.profile !== undefined ? profiles(d.profile) : undefined;
    const layout = profile && nominalLayout(profile) ? (layoutOf(d.id, profile) ?? nominalLayout(profile)) : undefined;
    if (!layout) continue;
    const fourBall = (gameEntry(table.game).balls?.length ?? 0) === 4;
    const tracker = new TableTracker(() => caromContext(report() as CaromReport | null, fourBall));
    return {
      device: d.id,
      sensors: new Set(layout.sensors.map((s) => s.id)),
      localiser: new Localiser(layout),
      read: (shot, t) => {
        const track = tracker.read(shot, t);
        return track ? [track] : [];
      },
      tracker,
    };
  }
  return undefined;
}
