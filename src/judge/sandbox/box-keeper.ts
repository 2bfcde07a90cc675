/**
 * The judge's side of `xinao-box` (box-keeper.c): one keeper process per judge process, started
 * on first use, holding warm boxes and starting runs in them. Requests go down its stdin; its
 * stdout comes back as frames, routed to the box or run they name.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { Writable } from 'node:stream';
import { bwrapPath, ensureBoxKeeper } from './isolation.ts';
import { seccompFilter } from './seccomp.ts';

const FILTER_FD = 3;
const HEADER_BYTES = 9;

/** What a run in a warm box reports, in order: output chunks, then its end. */
export interface RunListener {
  stdout(chunk: Buffer): void;
  stderr(chunk: Buffer): void;
  ended(code: number | null, signal: number | null): void;
  /** The keeper could not start the run, or died under it. */
  failed(error: Error): void;
}

interface BoxWaiter {
  resolve(): void;
  reject(error: Error): void;
}

export interface BoxSpec {
  /** `/proc/<holder>/ns/net` of a held empty network namespace; '' makes a fresh one per run. */
  netns: string;
  /** Host files given to bwrap as descriptors: an option "@copy:i" stands for the i-th. */
  copies: string[];
  options: string[];
}

/** Where a run's stdin comes from, and where its stdout goes. */
export type RunStdin = { file: string } | { fifo: string } | null;
export type RunStdout = 'pipe' | { fifo: string };

export interface RunSpec {
  box: number;
  /** A file is copied into a sealed memfd; a FIFO's end is given as it is; null: /dev/null. */
  stdin: RunStdin;
  stdout: RunStdout;
  proc: boolean;
  tmpBytes?: number;
  cwd: string;
  /** Host paths mounted for this run alone, over mount points the box has. */
  binds: Array<{ host: string; box: string; writable?: boolean }>;
  cgroupDirs: string[];
  rlimits: string[];
  argv: string[];
}

const stdinSpec = (s: RunStdin) =>
  s === null ? '' : 'file' in s ? `file:${s.file}` : `fifo:${s.fifo}`;

export class BoxKeeper {
  private readonly boxes = new Map<number, BoxWaiter>();
  private readonly runs = new Map<number, RunListener>();
  private readonly closing = new Map<number, () => void>();
  private nextId = 1;
  private pending: Buffer = Buffer.alloc(0);
  private dead: Error | null = null;
  private stderrTail = '';

  private constructor(private readonly child: ChildProcess) {
    child.stdout!.on('data', (chunk: Buffer) => this.receive(chunk));
    child.stderr!.on('data', (chunk: Buffer) => {
      // bubblewrap's own complaints land here: the last of them explains a box that failed.
      this.stderrTail = (this.stderrTail + chunk.toString('utf8')).slice(-2000);
    });
    child.stdin!.on('error', () => undefined);
    // A keeper that could not even start (a cache folder mounted noexec, say) is dead too.
    child.on('error', (e) => this.die(e.message));
    // 'close', not 'exit': the frames it wrote before dying are read first.
    child.on('close', (code, signal) => this.die(String(signal ?? code)));
  }

  private die(why: string): void {
    if (this.dead) return;
    this.dead = new Error(`判题沙箱守护进程退出（${why}）：${this.stderrTail.trim() || '无输出'}`);
    for (const box of this.boxes.values()) box.reject(this.dead);
    for (const run of this.runs.values()) run.failed(this.dead);
    // A dead keeper's boxes died with it (PR_SET_PDEATHSIG).
    for (const closed of this.closing.values()) closed();
    this.boxes.clear();
    this.runs.clear();
    this.closing.clear();
    this.holdProcess();
  }

  static async start(cacheDir: string): Promise<BoxKeeper> {
    const binary = await ensureBoxKeeper(cacheDir);
    const child = spawn(binary, [bwrapPath()], {
      stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
      env: {},
    });
    const filter = child.stdio[FILTER_FD] as Writable;
    filter.on('error', () => undefined);
    filter.end(seccompFilter());
    const keeper = new BoxKeeper(child);
    keeper.holdProcess();
    return keeper;
  }

  /**
   * An idle keeper must not keep the judge process (or a test run) alive; one with a box
   * starting or a run under way must, or the process could end waiting for its answer.
   */
  private holdProcess(): void {
    const busy = this.boxes.size + this.runs.size + this.closing.size > 0;
    for (const s of [this.child, this.child.stdout, this.child.stderr]) {
      const handle = s as { ref?: () => void; unref?: () => void } | null;
      if (busy) handle?.ref?.();
      else handle?.unref?.();
    }
  }

  /** The keeper's process (tests kill it). */
  get pid(): number {
    return this.child.pid ?? 0;
  }

  get alive(): boolean {
    return this.dead === null;
  }

  openBox(spec: BoxSpec): { id: number; ready: Promise<void> } {
    const id = this.nextId++;
    const ready = new Promise<void>((resolve, reject) => {
      if (this.dead) return reject(this.dead);
      this.boxes.set(id, { resolve, reject });
      this.holdProcess();
    });
    this.send([
      'box',
      String(id),
      spec.netns,
      String(spec.copies.length),
      ...spec.copies,
      ...spec.options,
    ]);
    return { id, ready };
  }

  /** Resolves once every process of the box is gone. */
  closeBox(id: number): Promise<void> {
    return new Promise<void>((resolve) => {
      if (this.dead) return resolve();
      this.closing.set(id, resolve);
      this.holdProcess();
      this.send(['unbox', String(id)]);
    });
  }

  run(spec: RunSpec, listener: RunListener): void {
    if (this.dead) return listener.failed(this.dead);
    const id = this.nextId++;
    this.runs.set(id, listener);
    this.holdProcess();
    this.send([
      'run',
      String(id),
      String(spec.box),
      stdinSpec(spec.stdin),
      spec.stdout === 'pipe' ? 'pipe' : `fifo:${spec.stdout.fifo}`,
      spec.proc ? '1' : '0',
      spec.tmpBytes === undefined ? '' : String(spec.tmpBytes),
      spec.cwd,
      String(spec.binds.length),
      ...spec.binds.flatMap((b) => [b.host, b.box, b.writable ? 'rw' : 'ro']),
      String(spec.cgroupDirs.length),
      ...spec.cgroupDirs,
      String(spec.rlimits.length),
      ...spec.rlimits,
      String(spec.argv.length),
      ...spec.argv,
    ]);
  }

  /** Drops the keeper's hold on a FIFO whose two ends were not both handed to runs. */
  forgetFifo(path: string): void {
    this.send(['forget', path]);
  }

  private send(parts: string[]): void {
    if (this.dead) return;
    if (parts.some((p) => p.includes('\0'))) throw new Error('request part contains NUL');
    const body = Buffer.from(parts.map((p) => `${p}\0`).join(''));
    const head = Buffer.alloc(4);
    head.writeUInt32LE(body.length);
    this.child.stdin!.write(Buffer.concat([head, body]));
  }

  private receive(chunk: Buffer): void {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    while (this.pending.length >= HEADER_BYTES) {
      const length = this.pending.readUInt32LE(5);
      if (this.pending.length < HEADER_BYTES + length) break;
      const type = String.fromCharCode(this.pending[0]!);
      const id = this.pending.readUInt32LE(1);
      const payload = this.pending.subarray(HEADER_BYTES, HEADER_BYTES + length);
      this.pending = this.pending.subarray(HEADER_BYTES + length);
      this.dispatch(type, id, payload);
    }
    this.holdProcess();
  }

  private dispatch(type: string, id: number, payload: Buffer): void {
    const box = this.boxes.get(id);
    const run = this.runs.get(id);
    const closed = this.closing.get(id);
    if (type === 'U' && closed) {
      this.closing.delete(id);
      closed();
    } else if (type === 'B' && box) {
      this.boxes.delete(id);
      box.resolve();
    } else if (type === 'F' && box) {
      this.boxes.delete(id);
      box.reject(
        new Error(`判题沙箱无法创建：${payload.toString('utf8')}；${this.stderrTail.trim()}`),
      );
    } else if (type === 'F' && run) {
      this.runs.delete(id);
      run.failed(new Error(`判题沙箱无法运行：${payload.toString('utf8')}`));
    } else if (type === 'O' && run) {
      // A copy: the frame's bytes share the buffer the next chunk is appended to.
      run.stdout(Buffer.from(payload));
    } else if (type === 'E' && run) {
      run.stderr(Buffer.from(payload));
    } else if (type === 'X' && run) {
      this.runs.delete(id);
      const code = payload.readInt32LE(0);
      const signal = payload.readInt32LE(4);
      run.ended(code < 0 ? null : code, signal === 0 ? null : signal);
    }
  }
}

const keepers = new Map<string, Promise<BoxKeeper>>();

/** The keeper of this process's warm boxes, started again if it died. */
export async function boxKeeper(cacheDir: string): Promise<BoxKeeper> {
  let p = keepers.get(cacheDir);
  if (p) {
    const keeper = await p.catch(() => null);
    if (keeper?.alive) return keeper;
  }
  p = BoxKeeper.start(cacheDir);
  keepers.set(cacheDir, p);
  return p;
}
