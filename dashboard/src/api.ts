/**
 * HTTP to the hub. Reads are open; writes carry a bearer token: the venue PIN (kept for the
 * browser session) or a table token (from the table's QR code, kept per table on the phone).
 */
import { t, tMaybe } from './i18n';
import { hubClock } from './hub-time';

const PIN_KEY = 'autoref.pin';
const TABLE_KEY = 'autoref.table-token.';

export function pin(): string {
  return sessionStorage.getItem(PIN_KEY) ?? '';
}
export function setPin(p: string): void {
  if (p) sessionStorage.setItem(PIN_KEY, p);
  else sessionStorage.removeItem(PIN_KEY);
}
export function tableToken(table: string): string {
  return localStorage.getItem(TABLE_KEY + table) ?? '';
}
export function setTableToken(table: string, token: string): void {
  localStorage.setItem(TABLE_KEY + table, token);
}

export async function getJson<T>(path: string): Promise<T> {
  const r = await fetch(path, { cache: 'no-store' });
  if (!r.ok) throw new Error(`${r.status} ${path}`);
  return (await r.json()) as T;
}

/**
 * The live state of a table (summary and engine report). The hub's time in it (`now`) sets the
 * page's hub clock, which every countdown reads.
 */
export async function getLive<T extends { now?: number }>(table: string): Promise<T> {
  const sentAt = Date.now();
  const r = await getJson<T>(`/api/tables/${encodeURIComponent(table)}/live`);
  if (typeof r.now === 'number') hubClock.note(r.now, sentAt, Date.now());
  return r;
}

export interface WriteResult<T = unknown> {
  ok: boolean;
  status: number;
  data: T | null;
  /** Translated error text when not ok. */
  error: string;
  code: string;
}

export async function send<T = unknown>(method: 'POST' | 'GET' | 'DELETE', path: string, body: unknown, token: string): Promise<WriteResult<T>> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers['authorization'] = `Bearer ${token}`;
  try {
    const r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const data = (await r.json().catch(() => null)) as (T & { error?: { code: string; message: string; rule?: string } }) | null;
    if (r.ok) return { ok: true, status: r.status, data, error: '', code: '' };
    const code = data?.error?.code ?? `HTTP_${r.status}`;
    return { ok: false, status: r.status, data: null, code, error: errorText(code, data?.error?.message, data?.error?.rule) };
  } catch {
    return { ok: false, status: 0, data: null, code: 'NETWORK', error: t('err.network') };
  }
}

/**
 * A refusal in the page's language: the catalogue code's sentence, and for a refusal by the
 * rules (AR_RULES_REFUSED) the engine's own code in words (`rule.*`, else the engine's English
 * reason), with the codes for the staff.
 */
export function errorText(code: string, message?: string, rule?: string): string {
  const head = tMaybe(`err.${code}`, t('err.other'));
  if (rule) {
    const why = message?.startsWith(`${rule}: `) ? message.slice(rule.length + 2) : (message ?? '');
    // A refused score sheet: the translated sentence alone would not say which line to correct.
    const detail = rule === 'bad_sheet' && why ? ` — ${why}` : '';
    return `${head}: ${tMaybe(`rule.${rule}`, why)}${detail} (${code}: ${rule})`;
  }
  return `${head} (${code}${message ? `: ${message}` : ''})`;
}

/**
 * A table's QR code with the venue PIN: the image as a blob URL, and the phone link it encodes
 * (the hub's `x-autoref-url`), shown under it for a phone that cannot scan.
 */
export async function qrImage(path: string, token: string): Promise<{ src: string; link: string | null } | null> {
  const r = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return r.ok ? { src: URL.createObjectURL(await r.blob()), link: r.headers.get('x-autoref-url') } : null;
}
