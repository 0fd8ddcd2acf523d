/**
 * Carom scoreboard (three-cushion, 3-ball, 4-ball): score against the distance, innings,
 * current run, high run, general average, shot clock, equalizing inning, the last shot's picture.
 */
import { h } from '../dom';
import { num, t } from '../i18n';
import { clockLeft, countdown, statTable } from './common';
import { shotPicture } from './shot-picture';
import type { CaromReport } from '../../../shared/reports/carom';

export type { CaromReport };

export function caromBoard(r: CaromReport, clocks = true): HTMLElement {
  const box = h('section', { class: 'board carom' });
  box.append(
    h(
      'dl',
      { class: 'facts' },
      h('dt', {}, t('carom.distance')),
      h('dd', { 'data-fact': 'distance' }, r.config.distance === null ? t('carom.open') : num(r.config.distance)),
      h('dt', {}, t('carom.inning')),
      h('dd', { 'data-fact': 'inning' }, num(r.inning)),
      h('dt', {}, t('carom.shotClock')),
      countdown(h('dd', { 'data-fact': 'clock' }), (el) => {
        el.textContent = clocks && r.clock.running ? clockLeft(r.clock.startedAt, r.config.shotClockSeconds) : '–';
      }),
    ),
  );
  if (r.equalizing && r.equalizing.length > 0) box.append(h('p', { class: 'badge warn', 'data-fact': 'equalizing' }, t('carom.equalizing')));
  box.append(
    statTable(
      t('carom.stats'),
      [t('col.player'), t('carom.points'), t('carom.innings'), t('carom.run'), t('carom.highRun'), t('carom.average')],
      r.players.map((p) => [p.name, num(p.points), num(p.innings), p.currentRun === null ? '–' : num(p.currentRun), num(p.highRun), num(p.average, 3)]),
    ),
  );
  // The last shot's picture (games/shot-picture.ts): the balls' paths when the tracker read it, else the cushions and contacts in order.
  const picture = shotPicture(r.lastShot, r.config.balls);
  if (picture) box.append(picture);
  return box;
}
