/**
 * The dashboard: one page, views chosen by the hash router, live state from the store.
 */
import { store } from './store';
import { startRouter, type Route } from './router';
import { LANGS, chooseLang, currentLang, isLang, onLangChange, setLang, t } from './i18n';
import { h, replace } from './dom';
import { venueView } from './views/venue';
import { tableView } from './views/table';
import { tvView } from './views/tv';
import { phoneView } from './views/phone';
import { refereeView } from './views/referee';
import { devicesView } from './views/devices';
import { calibrateView } from './views/calibrate';
import { historyView, matchView } from './views/history';
import { overlayView } from './views/overlay';
import { printView } from './views/print';
import type { Key } from '../i18n/en';

const el = (id: string): HTMLElement => document.getElementById(id) as HTMLElement;
const NAV: [string, Key][] = [
  ['#/', 'nav.venue'],
  ['#/tv', 'nav.tv'],
  ['#/ref', 'nav.referee'],
  ['#/devices', 'nav.devices'],
  ['#/history', 'nav.history'],
];

function renderLink(): void {
  const s = el('link-state');
  s.dataset['state'] = store.link;
  s.textContent = t(`link.${store.link}`);
  document.body.dataset['stale'] = String(store.link === 'stale');
}

function renderChrome(route: Route): void {
  document.body.dataset['view'] = route.view || 'venue';
  // Set once the hub's hello has come: until then the view is drawn without the venue.
  document.body.dataset['venue'] = store.venue?.id ?? '';
  el('venue-name').textContent = store.venue?.name ?? 'autoref';
  replace(el('nav'), ...NAV.map(([href, key]) => h('a', { href, 'aria-current': (location.hash || '#/') === href ? 'page' : undefined }, t(key))));
  const sel = el('lang') as HTMLSelectElement;
  sel.replaceChildren(...Object.entries(LANGS).map(([id, l]) => h('option', { value: id, selected: id === currentLang() }, l.name)));
  el('lang-label').textContent = t('nav.language');
  document.querySelector('.skip')!.textContent = t('nav.skip');
  document.title = `${store.venue?.name ?? 'autoref'} · autoref`;
  renderLink();
}

const views = {
  '': venueView,
  table: tableView,
  tv: tvView,
  phone: phoneView,
  ref: refereeView,
  devices: devicesView,
  calibrate: calibrateView,
  history: historyView,
  match: matchView,
  overlay: overlayView,
  print: printView,
};

let route: Route = { view: '', arg: '', query: new URLSearchParams() };
(el('lang') as HTMLSelectElement).addEventListener('change', (e) => {
  const v = (e.target as HTMLSelectElement).value;
  if (isLang(v)) setLang(v);
});

let rerender = (): void => {};
store.subscribe((c) => {
  if (c.kind === 'link') renderLink();
  if (c.kind === 'venue') {
    const before = currentLang();
    chooseLang(store.venue?.language);
    renderChrome(route);
    // A new hello (first connect or after a hub restart): views read the fresh state.
    if (before === currentLang()) rerender();
  }
});
onLangChange(() => rerender());
chooseLang(undefined);
rerender = startRouter(el('view'), views, (r) => {
  route = r;
  // A link within the page may carry ?lang= too (chooseLang reads the address).
  // Not notified: the view is drawn right after this.
  if (r.query.has('lang')) chooseLang(store.venue?.language, false);
  renderChrome(r);
});
store.connect();
