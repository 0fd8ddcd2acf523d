/**
 * Driving the firmware on the interpreter: the harness opens a TCP connection back to the test
 * (hControl, harness.ts) and runs each line it gets; what it prints (markers, the firmware's
 * writes, memory) comes on the console. Commands do not go through the console: this Linux
 * build's console input thread and main loop share the event queue without a lock, and with
 * input arriving while the main loop is busy (an MQTT board polls its sockets) the queue breaks
 * now and then (ASSERT in jsdevices.c, the process ends).
 */
import net from 'node:net';
import type { Driver, HubSide, Step } from '../scenario';
import { until, type EspruinoBoard } from './interpreter';

/** JsVars in use, from the harness's `@MEM <usage> <total>` lines: the last one printed. */
export function lastMemory(out: string): { usage: number; total: number } | null {
  const all = [...out.matchAll(/@MEM (\d+) (\d+)/g)];
  const m = all[all.length - 1];
  return m ? { usage: Number(m[1]), total: Number(m[2]) } : null;
}

function stepJs(s: Step): string {
  if (s.t === 'adv') return `hAdvance(${s.ms})`;
  if (s.t === 'set') return `hSet(${JSON.stringify(s.pin)},${s.level})`;
  if (s.t === 'analog') return `H.analog[${JSON.stringify(s.pin)}]=${s.v}`;
  if (s.t === 'colour') return `hColour(${[...s.crgb, ...(s.ch !== undefined ? [s.ch] : [])].join(',')})`;
  if (s.t === 'series') return `hSeries(${s.ch},${JSON.stringify(s.samples)},${JSON.stringify(s.idle)})`;
  if (s.t === 'uart') return `hRx(${JSON.stringify(s.port)},${JSON.stringify(s.data)})`;
  throw new Error(`not a table step: ${s.t}`);
}

/** The test's end of the control connection: one per board, the harness connects at each boot. */
export class Control {
  private sock: net.Socket | null = null;

  private constructor(private readonly server: net.Server) {
    server.on('connection', (s) => {
      this.sock?.destroy();
      this.sock = s;
      s.on('error', () => undefined);
    });
  }

  static async open(): Promise<Control> {
    const server = net.createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return new Control(server);
  }

  get port(): number {
    return (this.server.address() as net.AddressInfo).port;
  }

  /** Has the booted harness connect (a short line at the console), and waits for it. */
  async attach(board: EspruinoBoard): Promise<void> {
    const old = this.sock;
    board.write(`hControl(${this.port})`);
    await until(() => this.sock !== null && this.sock !== old, 'the harness to connect back').catch((e: unknown) => {
      throw new Error(`${String(e)}; ${board.state()}`);
    });
  }

  send(line: string): void {
    if (!this.sock) throw new Error('no control connection');
    this.sock.write(line + '\n');
  }

  async close(): Promise<void> {
    this.sock?.destroy();
    await new Promise<void>((r) => this.server.close(() => r()));
  }
}

/** Applies scenario steps on the interpreter, then waits until it has run them. */
export class InterpreterDriver implements Driver {
  private mark = 0;

  constructor(
    private readonly board: EspruinoBoard,
    private readonly control: Control,
  ) {}

  /** Sends `js` statements, a few per line, then a marker line, and waits for the marker. */
  async run(js: string[], ms = 30_000): Promise<void> {
    let line = '';
    for (const j of js) {
      if (line && line.length + j.length > 200) {
        this.control.send(line);
        line = '';
      }
      line += j + ';';
    }
    const k = ++this.mark;
    this.control.send(`${line}print("@K"+${k})`);
    await until(() => this.board.out.includes(`@K${k}\r`), `the interpreter to run step batch ${k}`, ms).catch((e: unknown) => {
      throw new Error(`${String(e)}; ${this.board.state()}`);
    });
  }

  apply(steps: Step[]): Promise<void> {
    return this.run(steps.map(stepJs));
  }

  /** JsVars in use now (after a garbage collection). */
  async memory(): Promise<{ usage: number; total: number }> {
    await this.run(['hMem()']);
    return lastMemory(this.board.out)!;
  }
}

/**
 * The hub side of a serial link on the interpreter: what the firmware wrote on USB (the harness
 * prints each write as `@USB <JSON string>`), and hub lines fed to USB's data handler.
 */
export function interpreterSerialHub(board: EspruinoBoard, control: Control): HubSide {
  const lines: string[] = [];
  let seen = 0;
  let partial = '';
  let out = board.out;
  return {
    lines: () => {
      if (board.out.length < out.length || !board.out.startsWith(out.slice(0, 64))) seen = 0;
      out = board.out;
      const re = /@USB ("(?:[^"\\]|\\.)*")\r?\n/g;
      re.lastIndex = seen;
      for (let m = re.exec(out); m; m = re.exec(out)) {
        partial += JSON.parse(m[1]!) as string;
        seen = re.lastIndex;
      }
      const nl = partial.lastIndexOf('\n');
      if (nl >= 0) {
        lines.push(
          ...partial
            .slice(0, nl)
            .split('\n')
            .map((l) => `line ${l}`),
        );
        partial = partial.slice(nl + 1);
      }
      return lines;
    },
    command: (line) => control.send(`hRx("USB",${JSON.stringify(line + '\n')})`),
  };
}
