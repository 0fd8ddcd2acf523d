/**
 * The balls a referee call can name, as buttons in their colours: carom's white, yellow, red (and
 * four-ball's maroon) as the match's config names them; pool's cue ball and the object balls still
 * on the table, by number in their colours (9 to 15 striped); bumper pool's balls on the table in
 * their side's colour (the colours the goals' sensors name, report config `colours`). Read from the
 * engine's report; a minigolf course has none to name.
 */
import { button } from '../dom';
import { t } from '../i18n';
import { ballName, capitalised } from '../places';
import { findGame } from '../../../shared/game/catalogue';

export interface BallChoice {
  id: string;
  /** What the button says (its number or colour). */
  label: string;
  /** Its spoken name (aria-label), in the page's language. */
  name: string;
  /** A colour name the stylesheet knows (white, yellow, red, maroon, blue, purple, orange, green, black); '' for none. */
  colour: string;
  stripe: boolean;
}

const CAROM_ROLES = ['white', 'yellow', 'red', 'maroon'] as const;
type CaromRole = (typeof CAROM_ROLES)[number];

/** Pool's colours by number (1 and 9 yellow, 2 and 10 blue…, 8 black): WPA's set. */
const POOL_COLOURS = ['yellow', 'blue', 'red', 'purple', 'orange', 'green', 'maroon', 'black'];

interface CaromLike {
  config?: { balls?: Partial<Record<CaromRole, string>> };
}
interface PoolLike {
  config?: { cueBall?: string };
  rack?: { balls?: Record<string, string> };
}
interface GolfLike {
  config?: { colours?: Record<string, string> };
  balls?: Record<string, { side: string; where: string }>;
  sides?: { side: string; players: string[] }[];
}

function caromBalls(game: string, r: CaromLike): BallChoice[] {
  const count = findGame(game)?.balls?.length ?? 3;
  const ids = r.config?.balls ?? {};
  const fallback: Record<CaromRole, string> = { white: 'W', yellow: 'Y', red: 'R', maroon: 'M' };
  return CAROM_ROLES.slice(0, count).map((role) => {
    const name = capitalised(ballName(role));
    return { id: ids[role] ?? fallback[role], label: name, name, colour: role, stripe: false };
  });
}

function poolBalls(game: string, r: PoolLike): BallChoice[] {
  const cue = r.config?.cueBall ?? 'cue';
  const states = r.rack?.balls;
  const numbers = (findGame(game)?.balls ?? []).filter((b) => !states || states[b] === undefined || states[b] === 'table');
  return [
    { id: cue, label: t('opt.cueBall'), name: t('opt.cueBall'), colour: 'white', stripe: false },
    ...numbers.map((b) => {
      const n = Number(b);
      return { id: b, label: b, name: t('opt.ball', { ball: b }), colour: POOL_COLOURS[(n - 1) % 8] ?? '', stripe: n > 8 };
    }),
  ];
}

function golfBalls(r: GolfLike, names: (id: string) => string): BallChoice[] {
  const colours = r.config?.colours ?? {};
  return Object.entries(r.balls ?? {})
    .filter(([, b]) => b.where === 'table')
    .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
    .map(([id, b]) => {
      const who =
        r.sides
          ?.find((s) => s.side === b.side)
          ?.players.map(names)
          .join(' & ') || b.side;
      return { id, label: id, name: t('ref.ball.side', { ball: id, name: who }), colour: colours[b.side] ?? '', stripe: false };
    });
}

/** The balls of the running match a call may name, from its report; none for a game without. */
export function ballsOf(game: string, report: unknown, names: (id: string) => string = (id) => id): BallChoice[] {
  if (report === null || typeof report !== 'object') return [];
  switch (findGame(game)?.referee.balls) {
    case 'carom':
      return caromBalls(game, report as CaromLike);
    case 'numbered':
      return poolBalls(game, report as PoolLike);
    case 'sides':
      return golfBalls(report as GolfLike, names);
    default:
      return [];
  }
}

/** A ball as a button in its colour (a toggle: `aria-pressed`). */
export function ballButton(b: BallChoice, pressed: boolean, onClick: () => void): HTMLButtonElement {
  return button(b.label, onClick, {
    class: 'ball-chip',
    'data-pick-ball': b.id,
    'data-colour': b.colour,
    'data-stripe': String(b.stripe),
    'aria-pressed': String(pressed),
    'aria-label': b.name,
    title: b.name,
  });
}
