/**
 * Streaming overlay (#/overlay/<table>): a transparent page for a browser source in streaming
 * software, with the table's TV tile as a lower third: the same facts per game as on the TV wall
 * (names, ball colours, scores, the game's figures, a finished match's result), in the corner
 * `?corner=` says (bl, br, tl, tr; bottom left unless said). What does not fit the third is
 * dropped as on a small TV tile (views/tv-tile.ts `fitTile`).
 */
import { h } from '../dom';
import { t } from '../i18n';
import type { View } from '../router';
import { mountTile } from './tv-tile';

export const OVERLAY_CORNERS = ['bl', 'br', 'tl', 'tr'] as const;
export type OverlayCorner = (typeof OVERLAY_CORNERS)[number];

export function overlayCorner(asked: string | null): OverlayCorner {
  return (OVERLAY_CORNERS as readonly string[]).includes(asked ?? '') ? (asked as OverlayCorner) : 'bl';
}

export const overlayView: View = (root, route) => {
  const table = route.arg;
  const box = h('section', {
    class: 'tile overlay',
    'data-size': 's',
    'data-corner': overlayCorner(route.query.get('corner')),
    'aria-label': t('nav.overlay'),
  });
  root.append(box);
  return mountTile(box, table, { size: 's', claims: false });
};
