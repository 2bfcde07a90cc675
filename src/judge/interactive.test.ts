/** Who decides an interactive case (interactive.ts), on outcomes built by hand. */
import { describe, expect, it } from 'vitest';
import { decideInteractive, interactorLimits, type InteractiveRun } from './interactive.ts';
import type { SandboxOutcome } from './sandbox/sandbox.ts';

const MIB = 1024 * 1024;
const clean: SandboxOutcome = {
  exitCode: 0,
  signal: null,
  cpuMs: 10,
  wallMs: 20,
  memoryBytes: MIB,
  oomKilled: false,
  processLimitHeld: false,
  timeLimitExceeded: null,
  outputExceeded: false,
  stdout: Buffer.alloc(0),
  stderr: Buffer.alloc(0),
  setupError: null,
};
const run = (
  program: Partial<SandboxOutcome>,
  interactor: Partial<SandboxOutcome>,
): InteractiveRun => ({
  program: { ...clean, ...program },
  interactor: { ...clean, ...interactor },
  tout: Buffer.from('3\n'),
});
const said = (text: string) => ({ stderr: Buffer.from(text) });
const decide = (r: InteractiveRun, hasChecker = false) =>
  decideInteractive(r, 256 * MIB, hasChecker);

describe('decideInteractive', () => {
  it('AC on the interactor’s OK, or hands tout to the checker when there is one', () => {
    expect(decide(run({}, said('ok 猜中')))).toEqual({
      decided: { fraction: 1, verdict: 'AC', message: 'ok 猜中' },
    });
    expect(decide(run({}, said('ok 猜中')), true)).toEqual({
      check: Buffer.from('3\n'),
      interactorMessage: 'ok 猜中',
    });
  });

  it('the program’s limits first: TLE even though the interactor then read an early end', () => {
    const r = run(
      { timeLimitExceeded: 'wall', signal: 9 },
      { exitCode: 2, ...said('wrong output format Unexpected end of file - token expected') },
    );
    expect(decide(r)).toMatchObject({ decided: { verdict: 'TLE' } });
    expect(decide(run({ oomKilled: true }, { exitCode: 1 }))).toMatchObject({
      decided: { verdict: 'MLE' },
    });
  });

  it('a crash before the interactor decided is RE; after its refusal, the refusal', () => {
    const early = run(
      { exitCode: 1 },
      { exitCode: 2, ...said('wrong output format Unexpected end of file - int32 expected') },
    );
    expect(decide(early)).toMatchObject({ decided: { verdict: 'RE' } });
    expect(decide(run({ exitCode: 1 }, {}))).toMatchObject({ decided: { verdict: 'RE' } });
    const late = run({ signal: 9 }, { exitCode: 1, ...said('wrong answer 提问超过 30 次') });
    expect(decide(late)).toEqual({
      decided: { fraction: 0, verdict: 'WA', message: 'wrong answer 提问超过 30 次' },
    });
  });

  it('points from the interactor are the case’s fraction', () => {
    expect(decide(run({}, { exitCode: 7, ...said('points 0.5 half') }))).toMatchObject({
      decided: { fraction: 0.5, verdict: 'WA' },
    });
  });

  it('SE when the interactor itself fails, whatever the program did', () => {
    for (const failure of [
      { timeLimitExceeded: 'cpu' as const },
      { oomKilled: true },
      { signal: 11 },
      { setupError: 'bwrap: boom' },
    ]) {
      expect(decide(run({ exitCode: 1 }, failure))).toMatchObject({ decided: { verdict: 'SE' } });
    }
    expect(decide(run({}, { exitCode: 3, ...said('FAIL 数据坏了') }))).toMatchObject({
      decided: { verdict: 'SE', message: '交互器报告失败（FAIL）：FAIL 数据坏了' },
    });
  });

  it('gives the interactor more wall time than the program, so a standoff stops the program', () => {
    const program = {
      cpuMs: 1000,
      wallMs: 3000,
      memoryBytes: 256 * MIB,
      pids: 32,
      stdoutBytes: 1,
      stderrBytes: 1,
      fileBytes: 1,
    };
    const limits = interactorLimits(program);
    expect(limits.wallMs).toBeGreaterThan(program.wallMs);
    expect(limits.cpuMs).toBeGreaterThanOrEqual(5000);
  });
});
