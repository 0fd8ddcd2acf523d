/**
 * Webhooks: when a match ends, POST its record to each configured URL. Delivery is retried with
 * backoff and never blocks or breaks the hub; outcomes are kept for GET /api/webhooks.
 *
 * A webhook URL often carries its credentials (`https://user:pass@host/…?api_key=…`, or a secret
 * path as Slack's and Discord's do). GET /api/webhooks is open to the venue network like every
 * read, so it never shows a URL whole: only its scheme, host and port, and whether it has more
 * (`redactUrl`). Nobody needs the rest from the hub: the venue owner configured it.
 */
import type { MatchRecord } from '../store/types';

/**
 * What of a webhook URL may be shown: `https://hooks.example.com/…`. The user name, password,
 * path, query and fragment are left out; an unreadable URL shows as `(invalid URL)`.
 */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    const more = u.username !== '' || u.password !== '' || u.pathname.replace(/\/+$/, '') !== '' || u.search !== '' || u.hash !== '';
    return `${u.protocol}//${u.host}/${more ? '…' : ''}`;
  } catch {
    return '(invalid URL)';
  }
}

/**
 * Where to POST and with which headers: a user name and password in the URL go as HTTP Basic
 * authorization (fetch refuses a URL that carries them), the rest of the URL as it is.
 */
export function requestFor(url: string): { url: string; headers: Record<string, string> } {
  const u = new URL(url);
  if (u.username === '' && u.password === '') return { url, headers: {} };
  const basic = Buffer.from(`${decodeURIComponent(u.username)}:${decodeURIComponent(u.password)}`).toString('base64');
  u.username = '';
  u.password = '';
  return { url: u.toString(), headers: { authorization: `Basic ${basic}` } };
}

/** The webhooks as GET /api/webhooks shows them: redacted URLs, deliveries by URL number. */
export interface WebhooksView {
  urls: string[];
  deliveries: (Omit<Delivery, 'url'> & { url: string; hook: number })[];
}

export interface WebhookOptions {
  urls: string[];
  /** Tries per delivery, and the first wait between them (doubling). */
  attempts?: number;
  firstRetryMs?: number;
  timeoutMs?: number;
}

export interface Delivery {
  url: string;
  match: string;
  ok: boolean;
  attempts: number;
  status: number | null;
  error: string | null;
}

export class Webhooks {
  readonly deliveries: Delivery[] = [];
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly opts: WebhookOptions) {}

  view(): WebhooksView {
    const urls = this.opts.urls;
    return {
      urls: urls.map(redactUrl),
      deliveries: this.deliveries.map((d) => ({
        ...d,
        url: redactUrl(d.url),
        hook: urls.indexOf(d.url),
        error: d.error === null ? null : this.scrub(d.error),
      })),
    };
  }

  /** An error text without any configured URL in it (a fetch error may quote it). */
  private scrub(text: string): string {
    let out = text;
    for (const u of this.opts.urls) out = out.split(u).join(redactUrl(u));
    return out;
  }

  matchEnded(rec: MatchRecord): void {
    for (const url of this.opts.urls) {
      const p = this.deliver(url, rec).finally(() => this.inFlight.delete(p));
      this.inFlight.add(p);
    }
  }

  /** Resolves when every delivery started so far has finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  private async deliver(url: string, rec: MatchRecord): Promise<void> {
    const attempts = this.opts.attempts ?? 5;
    let wait = this.opts.firstRetryMs ?? 1000;
    const d: Delivery = { url, match: rec.id, ok: false, attempts: 0, status: null, error: null };
    const body = JSON.stringify({ type: 'match-ended', match: rec });
    while (d.attempts < attempts) {
      d.attempts++;
      try {
        const target = requestFor(url);
        const r = await fetch(target.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...target.headers },
          body,
          signal: AbortSignal.timeout(this.opts.timeoutMs ?? 5000),
        });
        d.status = r.status;
        d.error = r.ok ? null : `HTTP ${r.status}`;
        if (r.ok) {
          d.ok = true;
          break;
        }
      } catch (e) {
        d.error = (e as Error).message;
      }
      if (d.attempts < attempts) await new Promise((r) => setTimeout(r, wait));
      wait *= 2;
    }
    this.deliveries.push(d);
    if (this.deliveries.length > 200) this.deliveries.shift();
  }
}
