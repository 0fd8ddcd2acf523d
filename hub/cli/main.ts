/**
 * The `autoref` command line. Each subcommand loads its modules when it runs (dynamic imports):
 * `replay` or `--help` need none of the hub's server, broker, serial and firmware build, which
 * take most of a start's time to load.
 */
import { Command, InvalidArgumentError, Option } from 'commander';
import { AutorefError } from '../../shared/errors';

function int(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('expected a port number');
  return n;
}

function collect(v: string, prev: string[]): string[] {
  return [...prev, v];
}

function fail(e: unknown): never {
  if (e instanceof AutorefError) {
    console.error(`autoref: ${e.code}: ${e.message}`);
    process.exit(2);
  }
  throw e;
}

function onSignals(stop: () => Promise<void>): void {
  let stopping = false;
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.on(sig, () => {
      if (stopping) process.exit(1);
      stopping = true;
      void stop().then(() => process.exit(0));
    });
  }
}

const program = new Command('autoref')
  .description('Automatic referee and scorekeeper for game tables and lanes: hub, rules engines, dashboard.')
  .showHelpAfterError();

program
  .command('start')
  .description('run the hub: embedded MQTT broker, SQLite store, simulated tables and the dashboard')
  .option('-p, --port <port>', 'HTTP port of the dashboard and API', int, 8080)
  .option('--host <host>', 'address to listen on', '0.0.0.0')
  .option('--broker-port <port>', 'port of the embedded MQTT broker', int, 1883)
  .option('--broker-url <url>', 'use this MQTT broker instead of the embedded one (mqtt://, mqtts://)')
  .option(
    '--serial <port>',
    "serial port of a device: a path, or usb:<vendor>:<product> to find it by its USB ids (repeatable; the venue's serial devices with a path are opened too)",
    collect,
    [] as string[],
  )
  .option('--firmata <file>', 'Arduinos running StandardFirmata: a JSON file of boards with their device, port, profile and pins (docs/firmata.md)')
  .option('--store <path|url>', 'event store: a SQLite file, or postgres://user@host/db[?schema=name] for several hubs', 'data/autoref.db')
  .option('--venue <file>', 'venue configuration (JSON); default: the demo venue')
  .option('--no-sim', 'do not start the simulated tables')
  .option('--token <token>', 'venue token (PIN) for every change through the API; default: AUTOREF_TOKEN or a random PIN, printed')
  .option('--webhook <url>', 'POST each finished match to this URL (repeatable)', collect, [] as string[])
  .option('--hub-user <name>', "the hub's MQTT username", 'autoref-hub')
  .addOption(new Option('--hub-password <password>', "the hub's MQTT password (prefer the environment variable)").env('AUTOREF_HUB_PASSWORD'))
  .option('--broker-ca <file>', 'CA certificate (PEM) to verify an mqtts:// broker')
  .option('--broker-cert <file>', 'client certificate (PEM) for an mqtts:// broker')
  .option('--broker-key <file>', 'client key (PEM) for an mqtts:// broker')
  .option('--answer-after <seconds>', 'seconds before an unanswered question with a default takes it (default 30; 3 in the demo)', Number)
  .option(
    '--accept-store-loss',
    'start although the SQLite store holds fewer events than this hub acknowledged (its WAL deleted or damaged): go on with what it holds',
  )
  .action(
    async (o: {
      port: number;
      host: string;
      brokerPort: number;
      brokerUrl?: string;
      serial: string[];
      firmata?: string;
      store: string;
      venue?: string;
      sim: boolean;
      token?: string;
      webhook: string[];
      hubUser: string;
      hubPassword?: string;
      brokerCa?: string;
      brokerCert?: string;
      brokerKey?: string;
      answerAfter?: number;
      acceptStoreLoss?: boolean;
    }) => {
      const { answerAfter, ...rest } = o;
      const { start } = await import('./start');
      const running = await start({ ...rest, webhooks: o.webhook, ...(answerAfter !== undefined ? { answerAfterS: answerAfter } : {}) }).catch(fail);
      onSignals(running.stop);
    },
  );

program
  .command('replay')
  .description('feed a recorded event log through a rules engine and print the final state as JSON')
  .argument('<event-log>', 'JSON Lines file (one game event per line) or a JSON array')
  .requiredOption('-g, --game <id>', 'rules engine id, e.g. three-cushion, golf-billiards, eight-ball, minigolf')
  .action(async (file: string, o: { game: string }) => {
    const { replayFile } = await import('./replay');
    try {
      console.log(JSON.stringify(replayFile(file, o.game), null, 2));
    } catch (e) {
      fail(e);
    }
  });

program
  .command('simulate')
  .description('run simulated tables of a venue (physics, players, the real firmware) against a hub through its MQTT broker')
  .option('--broker-url <url>', 'MQTT broker the hub uses', 'mqtt://127.0.0.1:1883')
  .option('--venue <file>', 'venue configuration (JSON); default: the demo venue')
  .option('--every <seconds>', 'mean seconds between shots per table', Number, 4)
  .option('--seed <n>', 'random seed', Number, 7)
  .option('--skill <0..1>', "the simulated players' skill", Number, 0.7)
  .action(async (o: { brokerUrl: string; venue?: string; every: number; seed: number; skill: number }) => {
    const [{ startSimVenue }, { loadVenue }] = await Promise.all([import('../../sim/venue'), import('./start')]);
    try {
      const sim = await startSimVenue({
        brokerUrl: o.brokerUrl,
        venue: loadVenue(o.venue),
        shotEverySeconds: o.every,
        seed: o.seed,
        skill: o.skill,
        log: console.log,
      });
      onSignals(sim.stop);
    } catch (e) {
      fail(e);
    }
  });

program
  .command('devices')
  .description('list serial ports and the devices a running hub knows')
  .option('--hub <url>', 'hub URL', 'http://127.0.0.1:8080')
  .action(async (o: { hub: string }) => {
    const { listDevices } = await import('./devices');
    await listDevices(o.hub, console.log);
  });

program
  .command('calibrate')
  .description("calibration assistant: step by step through a table's sensors, then suggest and store thresholds and debounce values")
  .requiredOption('-t, --table <id>', 'table to calibrate')
  .option('--hub <url>', 'hub URL', 'http://127.0.0.1:8080')
  .option('--device <id>', 'device of the table (default: its first device with a profile)')
  .addOption(new Option('--token <pin>', 'venue token (PIN) of the hub').env('AUTOREF_TOKEN'))
  .option('--venue <file>', 'venue configuration: also write the calibration beside it')
  .option('-y, --yes', 'apply the suggestions without asking')
  .action(async (o: { table: string; hub: string; device?: string; token?: string; venue?: string; yes?: boolean }) => {
    const [{ createInterface }, { calibrate }] = await Promise.all([import('node:readline/promises'), import('./calibrate')]);
    const rl = createInterface({ input: process.stdin, output: process.stdout });
    try {
      await calibrate(o, { ask: (q) => rl.question(q), out: (l) => console.log(l) });
    } catch (e) {
      if (e instanceof TypeError) {
        console.error(`autoref: no hub answering at ${o.hub} (${e.message})`);
        process.exitCode = 2;
      } else fail(e);
    } finally {
      rl.close();
    }
  });

await program.parseAsync(process.argv);
