/**
 * What the hub knows of each device of the venue from what it sends: link, boot, state, the
 * health its status and heartbeat messages report. Read by `Ingest.deviceInfo()` (the devices page,
 * clock sync).
 */
import type { DeviceInfo } from '../../shared/api/devices';
import type { DeviceMessage } from '../../shared/protocol/schema';

export type { DeviceInfo } from '../../shared/api/devices';

export function newDeviceInfo(id: string, table: string): DeviceInfo {
  return {
    id,
    table,
    link: null,
    boot: null,
    lastSeen: null,
    state: 'unknown',
    faults: [],
    buffered: null,
    capacity: null,
    droppedOnDevice: 0,
    firmware: null,
    profile: null,
  };
}

/** Takes in a message the ingest accepted from the device, on `link` at hub time `now`. */
export function followDevice(info: DeviceInfo, msg: DeviceMessage, link: string, now: number): void {
  info.link = link;
  info.lastSeen = now;
  info.state = msg.k === 'st' && msg.state === 'offline' ? 'offline' : 'online';
  if (info.boot !== msg.b && msg.k !== 'st') info.boot = msg.b;
  if (msg.k === 'st' && msg.state === 'online') {
    info.faults = msg.f ?? [];
    if (msg.q !== undefined) info.buffered = msg.q;
    if (msg.cap !== undefined) info.capacity = msg.cap;
    if (msg.lost !== undefined) info.droppedOnDevice = msg.lost;
  } else if (msg.k === 'hb') {
    info.buffered = msg.q;
  } else if (msg.k === 'hi') {
    info.firmware = msg.fw;
    info.profile = msg.prof;
    info.capacity = msg.cap;
  }
}

/** A copy for a reader, with `stale` worked out at `now`. */
export function deviceView(d: DeviceInfo, now: number, staleAfterMs: number): DeviceInfo {
  return { ...d, faults: d.faults.slice(), state: d.state === 'online' && d.lastSeen !== null && now - d.lastSeen > staleAfterMs ? 'stale' : d.state };
}
