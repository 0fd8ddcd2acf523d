/**
 * Webhooks: when a match ends, POST its record to each configured URL. Delivery is retried with
 * backoff and never blocks or breaks the hub; outcomes are kept for GET /api/webhooks.
 */
import type { MatchRecord } from '../store/types';

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
        const r = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
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
