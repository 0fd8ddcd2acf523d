/**
 * WAL checkpoints off the event loop. SQLite checkpoints by itself inside the commit that makes the
 * WAL pass 1,000 pages: every few hundred events one commit copies the WAL into the database and
 * syncs it, and the event loop stops for milliseconds (measured: 15 commits in 5,000 over 1 ms,
 * the longest 18 ms; bench/ and docs/benchmarks.md). Here a worker thread with its own connection
 * to the same file checkpoints once a second instead (PASSIVE: writers go on meanwhile), so a
 * commit is only its own WAL append. Should the worker fail, the store checkpoints by itself again.
 */
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';

/** Plain CommonJS: the worker runs without the project's TypeScript loader. */
const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.lib);
const db = new Database(workerData.path, { fileMustExist: true, timeout: 1000 });
// exec, not a statement: it makes no JS value, so a process that exits mid-pass (the worker is
// terminated) has none half-made (better-sqlite3 aborts the process on that).
const pass = () => { try { db.exec('PRAGMA wal_checkpoint(PASSIVE)'); } catch { /* busy: next time */ } };
const timer = setInterval(pass, workerData.everyMs);
parentPort.on('message', () => { clearInterval(timer); db.close(); parentPort.close(); });
`;

export class BackgroundCheckpointer {
  private readonly worker: Worker;
  private stopped = false;
  private readonly exited: Promise<void>;

  /** `onFailure`: the worker could not run (the caller turns SQLite's own checkpoints back on). */
  constructor(path: string, onFailure: (err: Error) => void, everyMs = 1000) {
    const lib = createRequire(import.meta.url).resolve('better-sqlite3');
    this.worker = new Worker(WORKER_CODE, { eval: true, workerData: { path, lib, everyMs } });
    // The hub's other work keeps the process alive, not this worker.
    this.worker.unref();
    this.exited = new Promise<void>((resolve) => this.worker.once('exit', () => resolve()));
    this.worker.on('error', (err) => {
      if (!this.stopped) onFailure(err);
    });
  }

  /** Stops the worker (after its current pass); the store closes its own connection after this. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    // Held until it has exited: with nothing else to do, the process would otherwise end first.
    this.worker.ref();
    this.worker.postMessage('stop');
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, 2000)));
    await Promise.race([this.exited, late]);
    clearTimeout(timer);
    await this.worker.terminate();
  }
}
