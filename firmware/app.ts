/**
 * The firmware entry: at every boot, read the local settings (Storage file "autoref"), set up
 * the device core, arm the profile's sensors and open the link. The build's generated entry calls
 * start() with the compiled profile and the board's pins.
 */
import { every, onBoot, storageJSON, type Pin } from './hal/hal';
import type { FirmwareCfg, LocalCfg } from './core/config';
import { deviceInit, tick, TICK_MS } from './core/device';
import { sensorsSetup, sensorsSet, sensorsTick } from './sensors/index';
import { serialStart } from './link/serial';
import { mqttStart, mqttTick } from './link/mqtt';

/** The board's link, set by the build (esbuild define) so the other link is left out. */
declare const FW_LINK: string;

let cfg: FirmwareCfg;
let pins: Pin[];

function tickAll(): void {
  tick();
  if (FW_LINK === 'mqtt') mqttTick();
}

function main(): void {
  const l = (storageJSON('autoref') || {}) as LocalCfg;
  if (l.table) cfg.table = l.table;
  if (l.venue) cfg.venue = l.venue;
  if (FW_LINK === 'mqtt') {
    if (l.mqHost) cfg.mqHost = l.mqHost;
    if (l.mqPort) cfg.mqPort = l.mqPort;
  }
  deviceInit(cfg, l.d || cfg.d, sensorsTick, sensorsSet);
  sensorsSetup(cfg, pins);
  every(TICK_MS, FW_LINK === 'mqtt' ? tickAll : tick);
  if (FW_LINK === 'mqtt') mqttStart(cfg.venue, cfg.table, l.d || cfg.d, cfg.mqHost!, cfg.mqPort!, l.ssid || '', l.pass || '', l.key || '');
  else serialStart(cfg.lp, cfg.lb!, pins[cfg.ltx!], pins[cfg.lrx!]);
}

export function start(c: FirmwareCfg, p: Pin[]): void {
  cfg = c;
  pins = p;
  onBoot(main);
}
