/**
 * MQTT link over WiFi: a minimal MQTT 3.1.1 client on Espruino's `net` sockets (CONNECT with a
 * last will, PUBLISH QoS 0 with retain, SUBSCRIBE, PINGREQ). Delivery is ours: the device
 * buffer, the hub's acks and resends work as on serial. States: 0 offline, 1 joining WiFi,
 * 2 opening TCP, 3 waiting for CONNACK, 4 online. Reconnect with backoff, 1 s doubling to 30 s.
 * Topics: autoref/<venue>/<table>/<device>/events|status|cmd; status retained; the will is a
 * retained `st` offline message.
 */
import { CHANNEL_CMD, CHANNEL_EVENTS, CHANNEL_STATUS, topicFor } from '../../shared/protocol/wire';
import { after, now, tcpConnect, wifiConnect, type Socket } from '../hal/hal';
import { CH_EVENT, CH_STATUS, command, linkDown, linkUp, linkUse, offlineLine } from '../core/device';

const KEEPALIVE = 30;
const BACKOFF_MIN = 1000;
const BACKOFF_MAX = 30000;

export const mq = {
  state: 0,
  backoff: BACKOFF_MIN,
  /** Connection attempts since boot, and failed ones in a row (WiFi is joined again every 5). */
  tries: 0,
  fails: 0,
};
let sock: Socket | null = null;
let rx = '';
let lastRx = 0;
let lastTx = 0;
let host = '';
let port = 1883;
let ssid = '';
let pass = '';
let clientId = '';
let user = '';
let secret = '';
let tEv = '';
let tSt = '';
let tCmd = '';

function str(s: string): string {
  return String.fromCharCode(s.length >> 8, s.length & 255) + s;
}

function pkt(h: number, body: string): string {
  let n = body.length;
  let len = '';
  do {
    let b = n & 127;
    n = n >> 7;
    if (n > 0) b |= 128;
    len += String.fromCharCode(b);
  } while (n > 0);
  return String.fromCharCode(h) + len + body;
}

function tx(s: string): void {
  if (!sock) return;
  sock.write(s);
  lastTx = now();
}

function lost(s: Socket): void {
  if (sock !== s) return;
  sock = null;
  if (mq.state !== 4) mq.fails++;
  mq.state = 0;
  linkDown();
  try {
    s.end();
  } catch {
    // already closed
  }
  after(mq.backoff, open);
  mq.backoff = mq.backoff * 2 > BACKOFF_MAX ? BACKOFF_MAX : mq.backoff * 2;
}

function packet(h: number, body: string): void {
  const type = h >> 4;
  if (type === 2) {
    if (body.charCodeAt(1) !== 0) {
      if (sock) lost(sock);
      return;
    }
    mq.state = 4;
    mq.fails = 0;
    mq.backoff = BACKOFF_MIN;
    tx(pkt(0x82, '\x00\x01' + str(tCmd) + '\x00'));
    linkUp();
  } else if (type === 3) {
    const tl = (body.charCodeAt(0) << 8) | body.charCodeAt(1);
    let p = 2 + tl;
    if ((h >> 1) & 3) {
      tx(pkt(0x40, body.substr(p, 2)));
      p += 2;
    }
    if (body.substr(2, tl) === tCmd) command(body.substring(p), now());
  }
}

function onData(d: string): void {
  lastRx = now();
  rx += d;
  while (rx.length >= 2) {
    let len = 0;
    let mul = 1;
    let i = 1;
    let b = 128;
    while (b & 128) {
      if (i >= rx.length) return;
      b = rx.charCodeAt(i++);
      len += (b & 127) * mul;
      mul *= 128;
    }
    if (rx.length < i + len) return;
    const h = rx.charCodeAt(0);
    const body = rx.substr(i, len);
    rx = rx.substring(i + len);
    packet(h, body);
  }
}

function open(): void {
  if (sock || mq.state === 1) return;
  if (ssid && mq.fails % 5 === 0 && (mq.tries === 0 || mq.fails > 0)) {
    mq.state = 1;
    wifiConnect(ssid, pass, function (err) {
      mq.state = 0;
      if (err) {
        after(mq.backoff, open);
        mq.backoff = mq.backoff * 2 > BACKOFF_MAX ? BACKOFF_MAX : mq.backoff * 2;
        return;
      }
      mq.tries++;
      mq.fails = 0;
      mq.backoff = BACKOFF_MIN;
      open();
    });
    return;
  }
  mq.tries++;
  mq.state = 2;
  rx = '';
  lastRx = now();
  const s = tcpConnect(host, port, function () {
    if (sock !== s) return;
    mq.state = 3;
    lastRx = now();
    // flags: user 0x80, password 0x40, will retain 0x20, will QoS 1 0x08, will 0x04, clean 0x02
    const login = secret ? str(user) + str(secret) : '';
    tx(
      pkt(
        0x10,
        str('MQTT') +
          '\x04' +
          String.fromCharCode(secret ? 0xee : 0x2e) +
          String.fromCharCode(0, KEEPALIVE) +
          str(clientId) +
          str(tSt) +
          str(offlineLine()) +
          login,
      ),
    );
  });
  sock = s;
  s.on('data', onData);
  s.on('close', function () {
    lost(s);
  });
  s.on('error', function () {
    lost(s);
  });
}

function sendLine(line: string, ch: number): boolean {
  if (mq.state !== 4) return false;
  tx(pkt(ch === CH_STATUS ? 0x31 : 0x30, str(ch === CH_EVENT ? tEv : tSt) + line));
  return true;
}

/** Keep-alive: ping when quiet, give up on a silent broker. Runs with the device tick. */
export function mqttTick(): void {
  if (!sock) return;
  const t = now();
  if (mq.state === 4 && t - lastTx > KEEPALIVE / 2) tx('\xc0\x00');
  if (t - lastRx > (mq.state === 4 ? KEEPALIVE * 1.5 : 10)) lost(sock);
}

export function mqttStart(venue: string, table: string, device: string, h: string, p: number, wifiSsid: string, wifiPass: string, key: string): void {
  host = h;
  user = device;
  secret = key;
  port = p;
  ssid = wifiSsid;
  pass = wifiPass;
  clientId = 'autoref-' + device;
  tEv = topicFor(venue, table, device, CHANNEL_EVENTS);
  tSt = topicFor(venue, table, device, CHANNEL_STATUS);
  tCmd = topicFor(venue, table, device, CHANNEL_CMD);
  mq.state = 0;
  mq.tries = 0;
  mq.fails = 0;
  mq.backoff = BACKOFF_MIN;
  linkUse(sendLine);
  open();
}
