/**
 * The shot picture (issue #19): after each carom shot, a small drawing of the table with what the
 * last shot did, from the engine's report. With the hub's tracker (`lastShot.picture`, issue #26):
 * the paths of the balls, each event numbered where it happened. Without it (`lastShot.sequence`):
 * the cushions met, numbered in order on their rails, and under the table every step in order (a
 * ball to a rail, two balls touching). Used by the carom scoreboard (match and table pages) and
 * the carom TV tile. SVG built with text nodes only (dom.ts).
 */
import { h, svg } from '../dom';
import { t } from '../i18n';
import { ballName } from '../places';
import type { Key } from '../../i18n/en';
import type { BallIds, ShotResult, ShotStep } from '../../../shared/reports/carom';

/** The match table's bed, m (2.84 × 1.42; the tracker's paths are on the same bed, origin at the south-west corner). */
export const BED = { length: 2.84, width: 1.42 } as const;
/** The drawing's units: cm, the cushions a band around the bed. */
const CM = 100;
const BAND = 18;

type Rail = 'n' | 'e' | 's' | 'w';
const RAIL = /^([nesw])([0-9]*)$/;

/** A rail place id (`n1`, `e`, the acoustic profile's `n`): its rail and segment; null for any other id. */
export function railOf(place: string | null): { rail: Rail; segment: number | null } | null {
  const m = place === null ? null : RAIL.exec(place);
  if (!m) return null;
  return { rail: m[1] as Rail, segment: m[2] ? Number(m[2]) : null };
}

export interface RailMark {
  /** The step's number in the shot's sequence (1-based), as under the drawing. */
  n: number;
  rail: Rail;
  /** Where on the bed's edge, m (x along the length from the west end, y across from the south rail). */
  x: number;
  y: number;
  ball: string | null;
}

/** Long rails in two segments (the carom profile's n1 n2, s1 s2): a segment's middle; a whole rail's middle otherwise. */
function alongRail(rail: Rail, segment: number | null): number {
  const long = rail === 'n' || rail === 's';
  const size = long ? BED.length : BED.width;
  if (!long || segment === null || segment < 1 || segment > 2) return size / 2;
  return (size / 4) * (segment === 1 ? 1 : 3);
}

/**
 * The cushions of a sequence as marks on the table's edge, numbered by their step. A rail met again
 * gets its next mark beside the last one (alternating either side), so no number hides another.
 */
export function railMarks(sequence: readonly ShotStep[]): RailMark[] {
  const seen = new Map<string, number>();
  const marks: RailMark[] = [];
  sequence.forEach((step, i) => {
    if (step.type !== 'cushion') return;
    const at = railOf(step.cushion);
    if (!at) return;
    const key = `${at.rail}${at.segment ?? ''}`;
    const k = seen.get(key) ?? 0;
    seen.set(key, k + 1);
    const shift = k === 0 ? 0 : (k % 2 === 1 ? 1 : -1) * Math.ceil(k / 2) * 0.22;
    const along = alongRail(at.rail, at.segment) + shift;
    const x = at.rail === 'e' ? BED.length : at.rail === 'w' ? 0 : along;
    const y = at.rail === 'n' ? BED.width : at.rail === 's' ? 0 : along;
    marks.push({ n: i + 1, rail: at.rail, x, y, ball: step.ball });
  });
  return marks;
}

/** The colour role of a ball id (its colour on the screen), from the match's `balls`. */
function roleOf(balls: BallIds, ball: string | null): keyof BallIds | null {
  if (ball === null) return null;
  for (const role of ['white', 'yellow', 'red', 'maroon'] as const) if (balls[role] === ball) return role;
  return null;
}

/** Bed coordinates (m) to the drawing's (cm, y down, the bands around the bed). */
const px = (x: number): number => Math.round(x * CM * 10) / 10;
const py = (y: number): number => Math.round((BED.width - y) * CM * 10) / 10;

function numbered(n: number, x: number, y: number, role: keyof BallIds | null): SVGElement {
  const g = svg('g', { class: 'shot-mark', 'data-step': n, 'data-role': role ?? 'unknown' });
  g.append(svg('circle', { cx: x, cy: y, r: 15 }), svg('text', { x, y: y + 6.5, 'text-anchor': 'middle' }, String(n)));
  return g;
}

/** Where a rail mark sits: on the cushion band, outside the bed. */
function onBand(m: RailMark): [number, number] {
  const half = BAND / 2;
  if (m.rail === 'n') return [px(m.x), -half];
  if (m.rail === 's') return [px(m.x), BED.width * CM + half];
  if (m.rail === 'e') return [BED.length * CM + half, py(m.y)];
  return [-half, py(m.y)];
}

function tableOutline(): SVGElement[] {
  const L = BED.length * CM;
  const W = BED.width * CM;
  const diamonds = [1, 2, 3, 4, 5, 6, 7]
    .map((i) => [(L / 8) * i, -BAND / 2] as const)
    .concat([1, 2, 3, 4, 5, 6, 7].map((i) => [(L / 8) * i, W + BAND / 2] as const));
  return [
    svg('rect', { class: 'shot-rails', x: -BAND, y: -BAND, width: L + 2 * BAND, height: W + 2 * BAND, rx: 6 }),
    svg('rect', { class: 'shot-bed', x: 0, y: 0, width: L, height: W }),
    ...diamonds.map(([x, y]) => svg('circle', { class: 'shot-diamond', cx: x, cy: y, r: 2 })),
  ];
}

/** The drawing of the last shot: the balls' paths when the tracker read it, else the cushions met in order. */
function drawing(shot: ShotResult, balls: BallIds, label: string): SVGElement {
  const root = svg('svg', {
    class: 'shot-table',
    viewBox: `${-BAND} ${-BAND} ${BED.length * CM + 2 * BAND} ${BED.width * CM + 2 * BAND}`,
    role: 'img',
    'aria-label': label,
    preserveAspectRatio: 'xMidYMid meet',
    'data-tracked': String(shot.picture !== undefined),
  });
  root.append(svg('title', {}, label), ...tableOutline());
  const picture = shot.picture;
  if (picture) {
    for (const [ball, points] of Object.entries(picture.paths)) {
      if (points.length < 2) continue;
      const role = roleOf(balls, ball) ?? 'unknown';
      root.append(
        svg('polyline', { class: 'shot-path', 'data-ball': ball, 'data-role': role, points: points.map(([x, y]) => `${px(x)},${py(y)}`).join(' ') }),
        svg('circle', { class: 'shot-start', 'data-role': role, cx: px(points[0]![0]), cy: py(points[0]![1]), r: 3.1 }),
      );
    }
    picture.events.forEach((e, i) => {
      root.append(numbered(i + 1, px(e.x), py(e.y), roleOf(balls, e.type === 'cushion' ? e.ball : e.a)));
    });
  } else {
    for (const m of railMarks(shot.sequence ?? [])) {
      const [x, y] = onBand(m);
      root.append(numbered(m.n, x, y, roleOf(balls, m.ball)));
    }
  }
  return root;
}

function ballDot(balls: BallIds, ball: string | null): HTMLElement {
  const role = roleOf(balls, ball);
  return h(
    'span',
    { class: 'cball', 'data-role': role ?? 'unknown', role: 'img', 'aria-label': role ? ballName(role) : t('shot.unknownBall') },
    role ? '' : '?',
  );
}

/** A rail's short name in the page's language with its segment (N1, E…); an id that is not a rail as it is. */
export function railLabel(place: string | null): string {
  const at = railOf(place);
  if (!at) return place ?? '?';
  return `${t(`shot.rail.${at.rail}` as Key)}${at.segment ?? ''}`;
}

/** The steps in order, as text: "1 W→N1", "2 W×R" (the drawing's label). */
function stepsText(sequence: readonly ShotStep[], balls: BallIds): string {
  const name = (b: string | null): string => {
    const role = roleOf(balls, b);
    return role ? ballName(role) : t('shot.unknownBall');
  };
  return sequence.map((s, i) => `${i + 1} ${s.type === 'cushion' ? `${name(s.ball)} → ${railLabel(s.cushion)}` : `${name(s.a)} × ${name(s.b)}`}`).join(', ');
}

/**
 * The shot picture of the report's last shot, or null before the first shot (or for a shot the
 * report has no sequence of: a state from an older snapshot). The list of steps under the table is
 * marked as the first thing a TV tile short of room leaves out (views/tv-tile.ts `fitTile`).
 */
export function shotPicture(shot: ShotResult | null, balls: BallIds): HTMLElement | null {
  if (!shot || (shot.sequence === undefined && shot.picture === undefined)) return null;
  const sequence = shot.sequence ?? [];
  const label = `${t('shot.title', { n: shot.no })}: ${sequence.length > 0 ? stepsText(sequence, balls) : t('shot.nothing')}`;
  const box = h(
    'figure',
    { class: 'shot-picture', 'data-shot': shot.no, 'data-tracked': String(shot.picture !== undefined) },
    h('figcaption', { class: 'shot-caption' }, t('shot.title', { n: shot.no })),
    drawing(shot, balls, label),
  );
  box.append(
    sequence.length === 0
      ? h('p', { class: 'shot-steps muted', 'data-drop': '1' }, t('shot.nothing'))
      : h(
          'ol',
          { class: 'shot-steps', 'data-drop': '1' },
          ...sequence.map((s, i) =>
            h(
              'li',
              { 'data-step': i + 1, 'data-kind': s.type },
              h('span', { class: 'step-no' }, String(i + 1)),
              ...(s.type === 'cushion'
                ? [
                    ballDot(balls, s.ball),
                    h('span', { class: 'step-arrow' }, '→'),
                    h('span', { class: 'step-rail', 'data-rail': s.cushion ?? '' }, railLabel(s.cushion)),
                  ]
                : [ballDot(balls, s.a), h('span', { class: 'step-arrow' }, '×'), ballDot(balls, s.b)]),
            ),
          ),
        ),
  );
  return box;
}
