/**
 * A device of the venue as the hub knows it (hub/ingest/health.ts keeps it; `/api/devices` and the
 * stream's hello send it; the dashboard reads it): one type for both. Types only.
 */
export interface DeviceInfo {
  id: string;
  table: string;
  link: string | null;
  /** The boot id its events are stored under (the device's own, or a hub-made one for a reused id). */
  boot: string | null;
  lastSeen: number | null;
  /** stale: said it was online, but nothing (not even a heartbeat) for staleAfterMs. */
  state: 'unknown' | 'online' | 'stale' | 'offline';
  /** From the device's last status and heartbeat: sensor faults, buffer use, events it dropped. */
  faults: { s: string; c: string }[];
  buffered: number | null;
  capacity: number | null;
  droppedOnDevice: number;
  firmware: string | null;
  profile: string | null;
}
