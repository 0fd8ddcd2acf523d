/**
 * A device's health as the hub keeps it (hub/ingest/pipeline.ts: the last status and heartbeat):
 * buffer use, events lost on the device, sensor faults. Shared by the venue, devices and
 * calibration views.
 */
import { num, t, tMaybe } from './i18n';
import type { DeviceRow } from './types';

export interface Health {
  buffered: number | null;
  capacity: number | null;
  faults: { s: string; c: string }[];
  lost: number;
}

export function health(d: DeviceRow | undefined): Health {
  return { buffered: d?.buffered ?? null, capacity: d?.capacity ?? null, faults: d?.faults ?? [], lost: d?.droppedOnDevice ?? 0 };
}

export function bufferUse(x: Health): string {
  if (x.buffered === null) return '–';
  const use = x.capacity ? `${num(x.buffered)} / ${num(x.capacity)} (${num((100 * x.buffered) / x.capacity)} %)` : num(x.buffered);
  return x.lost > 0 ? `${use} · ${t('dev.lost', { n: x.lost })}` : use;
}

export function faultText(x: Health): string {
  return x.faults.length ? x.faults.map((f) => `${f.s}: ${tMaybe(`fault.${f.c}`, f.c)}`).join(', ') : t('dev.noFaults');
}
