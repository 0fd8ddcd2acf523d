/**
 * `autoref calibrate --table <id> --hub <url>`: the calibration assistant on the command line.
 * It talks to a running hub only through its API (docs/calibration.md): starts a session, shows
 * each step and, live from the WebSocket stream, the events the device sends; the hub records
 * them. At the end it prints the suggestions and, when confirmed, applies them.
 */
import WebSocket from 'ws';
import { AutorefError, ErrorCatalogue, type ErrorCode } from '../../shared/errors';
import type { SessionView, CalibrationRecord } from '../calibration/session';
import type { Suggestion } from '../calibration/suggest';
import { calibrationPathFor, saveCalibration } from '../calibration/file';

export interface CalibrateOptions {
  hub: string;
  table: string;
  device?: string;
  /** Venue token (PIN). */
  token?: string;
  /** Apply without asking. */
  yes?: boolean;
  /** The venue config file: the calibration is also written beside it, on this machine. */
  venue?: string;
}

export interface CalibrateIO {
  /** Asks the user; resolves with the answer (a line). */
  ask(question: string): Promise<string>;
  out(line: string): void;
}

interface SessionReply {
  session: SessionView;
  suggestions: Suggestion[];
  sent?: boolean;
}

async function call<T>(o: CalibrateOptions, method: string, route: string, body?: object): Promise<T> {
  const headers: Record<string, string> = {};
  if (o.token) headers['authorization'] = `Bearer ${o.token}`;
  if (body) headers['content-type'] = 'application/json';
  const r = await fetch(new URL(route, o.hub), { method, headers, ...(body ? { body: JSON.stringify(body) } : {}), signal: AbortSignal.timeout(10_000) });
  const data = (await r.json()) as T & { error?: { code: string; message: string } };
  if (!r.ok) {
    const code = (data.error?.code ?? 'AR_INTERNAL') as ErrorCode;
    throw new AutorefError(code in ErrorCatalogue ? code : 'AR_INTERNAL', data.error?.message ?? `${method} ${route}: HTTP ${r.status}`);
  }
  return data;
}

function describe(s: Suggestion): string[] {
  const lines = [`  ${s.sensor} (${s.kind}${s.place ? ` ${s.place}` : ''}): ${s.evidence.hits} of ${s.evidence.asked} counted`];
  for (const [k, v] of Object.entries(s.set)) lines.push(`    ${k} = ${v}`);
  if (s.threshold) lines.push(`    comparator threshold ≈ ${s.threshold.permille}‰ = ${s.threshold.volts} V on the LM393 reference (set by hand)`);
  for (const m of s.method) lines.push(`    how: ${m}`);
  for (const w of s.warnings) lines.push(`    ! ${w}`);
  return lines;
}

/** Live feedback: the device's events as they arrive. Returns a closer; trouble is only reported. */
function watch(o: CalibrateOptions, device: string, io: CalibrateIO): () => void {
  const url = new URL('/api/stream', o.hub);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  const ws = new WebSocket(url);
  ws.on('error', () => io.out('  (live view unavailable: the hub still records the events)'));
  ws.on('message', (data: WebSocket.RawData) => {
    let msg: { type?: string; events?: { event: { d: string; s: string; e: string; m?: number; w?: number } }[] };
    try {
      msg = JSON.parse(data.toString()) as typeof msg;
    } catch {
      return;
    }
    if (msg.type !== 'device-events' || !Array.isArray(msg.events)) return;
    for (const { event: e } of msg.events) {
      if (e.d === device) io.out(`    · ${e.s} ${e.e}${e.m !== undefined ? ` level ${e.m}‰` : ''}${e.w !== undefined ? ` ${e.w} µs` : ''}`);
    }
  });
  return () => ws.close();
}

/** Runs the assistant; resolves with the applied record, or null when cancelled or not applied. */
export async function calibrate(o: CalibrateOptions, io: CalibrateIO): Promise<CalibrationRecord | null> {
  let r = await call<SessionReply>(o, 'POST', '/api/calibration/sessions', { table: o.table, ...(o.device ? { device: o.device } : {}) });
  const id = r.session.id;
  const device = r.session.device;
  io.out(`Calibrating ${device} on table ${o.table} (profile ${r.session.profile}): ${r.session.steps.length} steps.`);
  if (!r.sent) io.out(`! ${device} has not spoken to the hub yet: its filters stay as they are. Check it is on, then start again for the best result.`);
  const stop = watch(o, device, io);
  try {
    while (!r.session.done) {
      const i = r.session.current;
      const step = r.session.steps[i]!;
      io.out(`Step ${i + 1}/${r.session.steps.length}: ${step.instruction}`);
      const a = (await io.ask('  Enter when done, r to redo, q to cancel: ')).trim().toLowerCase();
      if (a === 'q') {
        const c = await call<{ sent: boolean }>(o, 'DELETE', `/api/calibration/sessions/${id}`);
        io.out(
          c.sent
            ? 'Cancelled: the device is back on the values it had before.'
            : 'Cancelled (the device could not be reached: restart it to get its values back).',
        );
        return null;
      }
      if (a === 'r') {
        r = await call<SessionReply>(o, 'POST', `/api/calibration/sessions/${id}/redo`);
        continue;
      }
      r = await call<SessionReply>(o, 'POST', `/api/calibration/sessions/${id}/next`);
      const s = r.suggestions.find((x) => x.sensor === step.sensor);
      if (s) for (const l of describe(s)) io.out(l);
    }
  } finally {
    stop();
  }
  io.out('Suggested values:');
  for (const s of r.suggestions) for (const l of describe(s)) io.out(l);
  if (!o.yes) {
    const a = (await io.ask(`Apply them to ${device} and store them? [Y/n] `)).trim().toLowerCase();
    if (a === 'n' || a === 'no') {
      await call(o, 'DELETE', `/api/calibration/sessions/${id}`);
      io.out('Not applied: the device is back on the values it had before.');
      return null;
    }
  }
  const applied = await call<{ record: CalibrationRecord; sent: boolean; file: string | null }>(o, 'POST', `/api/calibration/sessions/${id}/apply`);
  io.out(applied.sent ? `Sent to ${device}.` : `! ${device} could not be reached: the values are stored; run the calibration again once it is online.`);
  if (applied.file) io.out(`Stored by the hub in ${applied.file}.`);
  if (o.venue) {
    const file = calibrationPathFor(o.venue);
    saveCalibration(file, applied.record);
    io.out(`Stored in ${file}.`);
  }
  return applied.record;
}
