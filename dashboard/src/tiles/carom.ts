/**
 * The carom tile (three-cushion, three-ball, four-ball), as club scoreboards and federation TV
 * graphics show a game: each player's ball and name, score, points to go, innings, general
 * average, high run, the run in progress, the series of his last innings and his timeouts left;
 * the distance and the inning; the shot clock as a bar (amber from 10 s left, red from 5 s); the
 * last shot's picture where the tile has room. All from the engine's report (docs/games/carom.md).
 */
import { h } from '../dom';
import { t } from '../i18n';
import { ballName } from '../places';
import { countdown, secondsText } from '../games/common';
import { shotPicture } from '../games/shot-picture';
import { hubTime } from '../hub-time';
import type { CaromPlayerReport, CaromReport } from '../../../shared/reports/carom';
import { caromBall, caromBallRole, clockLevel, lastRuns, pointsToGo, shotClockLeftMs, timeoutsLeft } from './figures';
import { fig, n, playerLine, playersList } from './common';
import type { TileBody, TileSize } from './types';

/** Innings in the series line, by tile size. */
const SERIES: Record<TileSize, number> = { xl: 14, tall: 10, m: 8, s: 6 };

function series(p: CaromPlayerReport, size: TileSize): HTMLElement | null {
  const { runs, open } = lastRuns(p, SERIES[size]);
  if (runs.length === 0) return null;
  return h(
    'div',
    { class: 'series', 'data-series': p.id, 'data-drop': '3' },
    h('span', { class: 'lab' }, t('tv.series')),
    ...runs.map((run, i) => h('span', { class: 'run', 'data-open': String(open && i === runs.length - 1) }, n(run))),
  );
}

function figures(r: CaromReport, p: CaromPlayerReport): HTMLElement {
  const toGo = pointsToGo(r, p);
  const timeouts = timeoutsLeft(r, p);
  return h(
    'div',
    { class: 'figs' },
    toGo === null ? null : fig('to-go', t('tv.toGo'), n(toGo)),
    fig('innings', t('carom.innings'), n(p.innings)),
    fig('average', t('tv.average'), n(p.average, 3)),
    fig('high-run', t('tv.highRun'), n(p.highRun)),
    fig('run', t('tv.run'), p.currentRun === null ? '–' : n(p.currentRun)),
    timeouts === null ? null : fig('timeouts', t('tv.timeoutsLeft'), n(timeouts)),
  );
}

/** The shot clock: a bar that empties as the seconds run, its colour by the seconds left (figures.ts `clockLevel`). */
function shotClock(r: CaromReport): HTMLElement | null {
  const limit = r.config.shotClockSeconds;
  if (limit === null) return null;
  const fill = h('span', { class: 'fill' });
  const secs = h('span', { class: 'secs' });
  return countdown(
    h(
      'div',
      { class: 'shot-clock', 'data-fact': 'clock', role: 'timer', 'aria-label': t('carom.shotClock') },
      h('span', { class: 'lab' }, t('carom.shotClock')),
      h('span', { class: 'bar' }, fill),
      secs,
    ),
    (el) => {
      const leftMs = shotClockLeftMs(r, hubTime());
      const seconds = leftMs === null ? null : Math.ceil(leftMs / 1000);
      el.dataset['level'] = seconds === null ? 'idle' : clockLevel(seconds);
      el.dataset['left'] = seconds === null ? '' : String(seconds);
      fill.style.inlineSize = `${leftMs === null ? 0 : Math.min(100, (leftMs / (limit * 1000)) * 100)}%`;
      secs.textContent = secondsText(seconds);
    },
  );
}

export const caromTile: TileBody = (d, size) => {
  const r = d.report as CaromReport;
  const s = d.summary;
  const byId = new Map(r.players.map((p) => [p.id, p]));
  const lines = s.players.map((sp) => {
    const p = byId.get(sp.id);
    const ball = caromBall(r, sp.id);
    const role = ball === null ? null : caromBallRole(r.config.balls, ball);
    return playerLine(s, sp, {
      before: role ? h('span', { class: 'cball', 'data-role': role, role: 'img', 'aria-label': ballName(role) }) : null,
      after: p ? [figures(r, p), series(p, size)] : [],
    });
  });
  const playing = d.state === 'playing';
  const picture = size === 's' ? null : shotPicture(r.lastShot, r.config.balls);
  const body = h(
    'div',
    { class: 'tile-body carom-tile', 'data-picture': String(picture !== null) },
    h(
      'div',
      { class: 'tile-main' },
      r.equalizing && r.equalizing.length > 0 && playing ? h('p', { class: 'badge warn', 'data-fact': 'equalizing' }, t('carom.equalizing')) : null,
      playersList(s, lines),
      playing ? shotClock(r) : null,
    ),
    picture ? h('div', { class: 'tile-side', 'data-drop': '2' }, picture) : null,
  );
  const facts = [
    fig('distance', t('carom.distance'), r.config.distance === null ? t('carom.open') : n(r.config.distance), { 'data-fact': 'distance' }),
    fig('inning', t('carom.inning'), n(r.inning), { 'data-fact': 'inning' }),
  ];
  return { facts, body };
};
