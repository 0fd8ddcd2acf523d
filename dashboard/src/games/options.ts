/**
 * The match options a referee may set when starting a match from the referee panel: the ones a
 * league or a venue changes from evening to evening (docs/games/*.md), from the game's catalogue
 * entry (`startOptions`); anything left empty keeps the engine's default. A number typed in is
 * sent as a number (the hub refuses a wrong type).
 */
import { h } from '../dom';
import { t } from '../i18n';
import type { Key } from '../../i18n/en';
import { findGame } from '../../../shared/game/catalogue';

/** The options' fields for a game, and the config they give (only the ones filled in). */
export function startOptions(game: string): { fields: HTMLElement; config: () => Record<string, number> | undefined } {
  const inputs = (findGame(game)?.startOptions ?? []).map((o) => ({
    o,
    input: h('input', { type: 'number', id: `start-${o.key}`, name: o.key, min: o.min, max: o.max, step: 1, inputmode: 'numeric' }),
  }));
  const fields = h(
    'fieldset',
    { class: 'start-options' },
    h('legend', {}, t('start.options')),
    ...inputs.map(({ o, input }) => h('label', { class: 'field' }, h('span', {}, t(o.label as Key)), input)),
    h('p', { class: 'muted' }, t('start.defaults')),
  );
  const config = (): Record<string, number> | undefined => {
    const set = inputs.filter(({ input }) => input.value.trim() !== '').map(({ o, input }) => [o.key, Number(input.value)] as const);
    return set.length > 0 ? Object.fromEntries(set) : undefined;
  };
  return { fields, config };
}
