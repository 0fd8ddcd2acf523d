/**
 * `autoref devices`: serial ports on this machine, and the devices a running hub knows.
 */
import { listSerialPorts, type PortInfo } from '../ingest/ports';

export async function listDevices(hubUrl: string, out: (l: string) => void): Promise<void> {
  let ports: PortInfo[] = [];
  try {
    ports = await listSerialPorts();
    out(`serial ports (${ports.length}):`);
  } catch (e) {
    out(`serial ports: cannot list them here (${(e as Error).message})`);
  }
  for (const p of ports) out(`  ${p.path}${p.vendorId ? `  usb ${p.vendorId}:${p.productId}` : ''}${p.manufacturer ? `  ${p.manufacturer}` : ''}`);
  try {
    const r = await fetch(new URL('/api/devices', hubUrl), { signal: AbortSignal.timeout(2000) });
    const body = (await r.json()) as { devices: { id: string; table: string; state: string; link: string | null; lastSeen: number | null }[] };
    out(`devices known to the hub at ${hubUrl} (${body.devices.length}):`);
    for (const d of body.devices) out(`  ${d.id.padEnd(16)} table ${d.table.padEnd(8)} ${d.state.padEnd(8)} ${d.link ?? '-'}`);
  } catch {
    out(`no hub answering at ${hubUrl} (start one with: autoref start)`);
  }
}
