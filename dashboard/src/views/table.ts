/**
 * Table view: the live scoreboard of one table, with links to its phone view and overlay.
 */
import { h, link } from '../dom';
import { t } from '../i18n';
import type { View } from '../router';
import { mountScoreboard } from './scoreboard';

export const tableView: View = (root, route) => {
  const box = h('div', { class: 'scoreboard', id: 'scoreboard', 'data-table': route.arg });
  const id = encodeURIComponent(route.arg);
  root.append(
    box,
    h(
      'p',
      { class: 'links' },
      link(`#/phone/${id}`, t('nav.phone')),
      ' · ',
      link(`#/ref/${id}`, t('nav.referee')),
      ' · ',
      link(`#/overlay/${id}`, t('nav.overlay')),
      ' · ',
      link(`#/tv?table=${id}`, t('nav.tv')),
    ),
  );
  return mountScoreboard(box, route.arg);
};
