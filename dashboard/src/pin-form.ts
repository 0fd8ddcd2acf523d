/**
 * Pieces the referee panel and the calibration page share: a labelled field, and the venue PIN
 * form (kept for this browser session by api.ts).
 */
import { h, button } from './dom';
import { pin, setPin } from './api';
import { t } from './i18n';

export function field(label: string, input: HTMLElement): HTMLElement {
  return h('label', { class: 'field' }, h('span', {}, label), input);
}

export function pinForm(ids: { input: string; form: string }, say: (s: string, ok: boolean) => void): HTMLFormElement {
  const input = h('input', { type: 'password', id: ids.input, autocomplete: 'current-password', inputmode: 'numeric', value: pin() });
  const form = h(
    'form',
    { class: 'pin', id: ids.form },
    field(t('ref.pin'), input),
    h('button', { type: 'submit' }, t('ref.usePin')),
    button(
      t('ref.forget'),
      () => {
        setPin('');
        input.value = '';
        say(t('ref.pinForgotten'), true);
      },
      { class: 'secondary' },
    ),
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    setPin(input.value.trim());
    say(t('ref.pinSaved'), true);
  });
  return form;
}
