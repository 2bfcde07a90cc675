/**
 * File input and output (文件输入输出, as CSP/NOIP require): the program runs in a working
 * directory of its own that holds the case's input under the problem's name (`sum.in`), and
 * what it leaves under the output name (`sum.out`) is its answer. The directory is a host
 * directory the sandbox user may write; the judge reads the answer back without following a
 * link the program made (`sum.out → /etc/shadow`), never blocks on a FIFO, and reads no more
 * than the output limit.
 */
import { closeSync, constants, copyFileSync, fstatSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import type { ProblemIo } from './problem-format.ts';
import type { Bind } from './sandbox/sandbox.ts';
import { makeWorkDir, removeWorkDir } from './workdir.ts';

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
  const dir = makeWorkDir(cacheDir, 'io', true);
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
