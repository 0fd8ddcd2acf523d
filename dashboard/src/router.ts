/**
 * A tiny hash router: #/view/arg?key=value. Each view renders into the main element and
 * returns a cleanup function (unsubscribe, timers) called when the route changes.
 */
export interface Route {
  view: string;
  arg: string;
  query: URLSearchParams;
}
export type View = (root: HTMLElement, route: Route) => (() => void) | void;

export function parseHash(hash: string): Route {
  const raw = hash.replace(/^#\/?/, '');
  const [path = '', q = ''] = raw.split('?');
  const [view = '', ...rest] = path.split('/');
  return { view: decodeURIComponent(view), arg: rest.map(decodeURIComponent).join('/'), query: new URLSearchParams(q) };
}

export function startRouter(root: HTMLElement, views: Record<string, View>, onRoute: (r: Route) => void): () => void {
  let cleanup: (() => void) | void;
  const go = (): void => {
    cleanup?.();
    const route = parseHash(location.hash);
    root.replaceChildren();
    onRoute(route);
    cleanup = (views[route.view] ?? views[''])!(root, route);
  };
  window.addEventListener('hashchange', go);
  go();
  return go;
}
