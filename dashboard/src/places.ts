/**
 * Names of the places sensors report (`p` of a device event: a rail, a pocket, a goal, a cup)
 * and of the balls they name (`o`), in the page's language. The ids come from the hardware
 * profiles (hardware/profiles/*.json, `place`); dashboard/i18n/i18n.test.ts checks that every
 * place a profile uses has a name. An id this page does not know (a newer profile) is shown as sent.
 */
import { currentLang, t, tMaybe } from './i18n';

export function placeName(id: string): string {
  return tMaybe(`place.${id}`, id);
}

/** A ball's colour name, or the ball as sent (a pool ball's number, a minigolf ball's tag). */
export function ballName(id: string): string {
  return tMaybe(`ball.${id}`, id);
}

/** "at the north rail", "ball red": the feed's words for a place and a ball. */
export function atPlace(id: string): string {
  return t('feed.place', { place: placeName(id) });
}

export function namedBall(id: string): string {
  return t('feed.ball', { ball: ballName(id) });
}

/** A name as a button's label: "White", "Top left pocket", "Beyaz", with the page language's capitals. */
export function capitalised(s: string): string {
  return s.charAt(0).toLocaleUpperCase(currentLang()) + s.slice(1);
}
