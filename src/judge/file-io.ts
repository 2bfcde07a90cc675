/**
 * File input and output (文件输入输出, as CSP/NOIP require): the program runs in a working
 * directory of its own that holds the case's input under the problem's name (`sum.in`), and
 * what it leaves under the output name (`sum.out`) is its answer. The directory lives on a
 * tmpfs the judge mounts once: the pages a program writes there are charged to its own memory
 * cgroup, so however many files it writes, it holds no more than its memory limit (then it is
 * MLE) and never the host's disk. The judge reads the answer back without following a link the
 * program made (`sum.out → /etc/shadow`), never blocks on a FIFO, and reads no more than the
 * output limit.
 */
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  closeSync,
  constants,
  copyFileSync,
  fstatSync,
  mkdirSync,
  openSync,
  readSync,
  rmSync,
  statfsSync,
} from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { unsafeAllowed } from './sandbox/isolation.ts';
import { SANDBOX_GID, SANDBOX_UID } from './sandbox/sandbox.ts';
import type { ProblemIo } from './problem-format.ts';
import type { Bind } from './sandbox/sandbox.ts';
import { removeWorkDir } from './workdir.ts';

const TMPFS_MAGIC = 0x01021994;
/** util-linux's mount, by its path: no PATH lookup in a process that runs as root. */
const MOUNT = '/usr/bin/mount';
/** A cap on what all runs together may hold there; each run is held by its memory limit. */
const IO_TMPFS_SIZE = '4g';

const isTmpfs = (path: string) => statfsSync(path).type === TMPFS_MAGIC;
const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * `<cacheDir>/io`, a tmpfs, mounted on first use (the judge runs as root). Judge workers share
 * the cache directory, so the one that takes the lock (a directory, created atomically) mounts
 * and the others wait: two mounts stacked on one path would hide the first one's runs.
 */
export function fileIoRoot(cacheDir: string): string {
  const root = join(cacheDir, 'io');
  mkdirSync(root, { recursive: true, mode: 0o711 });
  const lock = join(cacheDir, 'io.mounting');
  for (let waited = 0; !isTmpfs(root);) {
    try {
      mkdirSync(lock);
    } catch {
      // A worker that died holding the lock leaves it: after five seconds it is taken over.
      if (waited > 5_000) rmSync(lock, { recursive: true, force: true });
      pause(20);
      waited += 20;
      continue;
    }
    try {
      if (!isTmpfs(root)) {
        execFileSync(
          MOUNT,
          ['-t', 'tmpfs', '-o', `size=${IO_TMPFS_SIZE},mode=0711`, 'xinao-io', root],
          {
            stdio: 'pipe',
          },
        );
        // A mount that reports success but leaves no tmpfs there would send every caller
        // round this loop for ever.
        if (!isTmpfs(root)) throw new Error('mount 成功返回，但该目录仍不是 tmpfs');
      }
    } catch (err) {
      // Without the sandbox (a development machine, XINAO_JUDGE_UNSAFE=1) a plain folder will do.
      if (unsafeAllowed()) return root;
      throw new Error(`无法为文件输入输出挂载 tmpfs（${root}）：${(err as Error).message}`);
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  return root;
}

/** A fresh working directory on the tmpfs, the sandbox user's alone. */
function runDir(cacheDir: string): string {
  const dir = join(fileIoRoot(cacheDir), `${process.pid}-${randomBytes(6).toString('hex')}`);
  mkdirSync(dir, { mode: 0o700 });
  chownSync(dir, SANDBOX_UID, SANDBOX_GID);
  chmodSync(dir, 0o700);
  return dir;
}

/** Where a file-I/O program works inside its box (its own binary or script is under /box). */
export const FILE_IO_DIR = '/io';

export interface FileIoRun {
  bind: Bind;
  cwd: string;
  /** The program's answer file, or why there is none (in Chinese, for the case's message). */
  readOutput(maxBytes: number): { output: Buffer } | { missing: string };
  dispose(): void;
}

export function prepareFileIo(
  io: Extract<ProblemIo, { mode: 'file' }>,
  inputPath: string,
  cacheDir: string,
): FileIoRun {
  const dir = runDir(cacheDir);
  // Root writes it into the sandbox user's directory; 0644 leaves it readable to the program.
  copyFileSync(inputPath, join(dir, io.input));
  return {
    bind: { host: dir, box: FILE_IO_DIR, writable: true },
    cwd: FILE_IO_DIR,
    readOutput(maxBytes) {
      let fd: number;
      try {
        fd = openSync(
          join(dir, io.output),
          constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK,
        );
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') return { missing: `没有生成输出文件 ${io.output}` };
        if (code === 'ELOOP') return { missing: `输出文件 ${io.output} 是一个链接，不是普通文件` };
        return { missing: `无法读取输出文件 ${io.output}（${code ?? 'error'}）` };
      }
      try {
        const st = fstatSync(fd);
        if (!st.isFile()) return { missing: `输出文件 ${io.output} 不是普通文件` };
        const size = Math.min(st.size, maxBytes);
        const buf = Buffer.alloc(size);
        let read = 0;
        while (read < size) {
          const n = readSync(fd, buf, read, size - read, read);
          if (n === 0) break;
          read += n;
        }
        return { output: buf.subarray(0, read) };
      } finally {
        closeSync(fd);
      }
    },
    dispose: () => removeWorkDir(dir),
  };
}
