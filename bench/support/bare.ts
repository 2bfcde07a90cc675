/** The baselines the judge benches compare against: programs run bare, outside any sandbox. */
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Runs `argv` with `inputFile` as stdin, output discarded; resolves the wall time in ms. */
export function bareRun(argv: string[], inputFile: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const fd = openSync(inputFile, 'r');
    const t = performance.now();
    const child = spawn(argv[0]!, argv.slice(1), { stdio: [fd, 'pipe', 'pipe'], env: {} });
    child.stdout?.resume();
    child.stderr?.resume();
    child.on('error', reject);
    child.on('close', () => {
      closeSync(fd);
      resolve(performance.now() - t);
    });
  });
}

/**
 * One interactive case bare: the interactor (`interactor input tout answer`) and the program,
 * each reading the other's output through a FIFO; resolves the wall time in ms from the first
 * spawn to the later exit. Each side opens its FIFOs read-write (the one way to open both ends
 * without a partner already there), so neither would see an end of input: fine for a program
 * and an interactor that both finish, as the reference solution does.
 */
export function bareInteractive(program: string, interactor: string[]): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'xinao-bare-interactive-'));
  const toProgram = join(dir, 'to-program');
  const toInteractor = join(dir, 'to-interactor');
  execFileSync('mkfifo', [toProgram, toInteractor]);
  const p = openSync(toProgram, constants.O_RDWR);
  const i = openSync(toInteractor, constants.O_RDWR);
  const ended = (child: ReturnType<typeof spawn>) =>
    new Promise<void>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', () => resolve());
    });
  const t = performance.now();
  const runs = [
    ended(spawn(interactor[0]!, interactor.slice(1), { stdio: [i, p, 'ignore'], env: {} })),
    ended(spawn(program, [], { stdio: [p, i, 'ignore'], env: {} })),
  ];
  return Promise.all(runs).then(
    () => {
      const ms = performance.now() - t;
      closeSync(p);
      closeSync(i);
      rmSync(dir, { recursive: true, force: true });
      return ms;
    },
    (e: unknown) => {
      closeSync(p);
      closeSync(i);
      rmSync(dir, { recursive: true, force: true });
      throw e;
    },
  );
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
