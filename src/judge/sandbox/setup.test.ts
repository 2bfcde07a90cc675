import { describe, expect, it } from 'vitest';
import { decideSetup, ensureBubblewrap, type RunCommand, type SetupProbe } from './setup.ts';

const fresh: SetupProbe = {
  bwrapPresent: false,
  customBwrap: false,
  isRoot: true,
  hasApt: true,
  autoInstall: true,
  unsafe: false,
};

describe('what the judge does about bubblewrap on start', () => {
  it('nothing when it is there, or when isolation is turned off for development', () => {
    expect(decideSetup({ ...fresh, bwrapPresent: true })).toEqual({ kind: 'ready' });
    expect(decideSetup({ ...fresh, unsafe: true })).toEqual({ kind: 'ready' });
  });

  it('installs it as root on a machine with apt', () => {
    expect(decideSetup(fresh)).toEqual({ kind: 'install' });
  });

  it('names the one command when it may not install', () => {
    expect(decideSetup({ ...fresh, autoInstall: false })).toMatchObject({
      kind: 'tell',
      command: 'apt-get install -y bubblewrap',
    });
    expect(decideSetup({ ...fresh, isRoot: false })).toMatchObject({
      kind: 'tell',
      command: 'sudo apt-get install -y bubblewrap',
    });
    expect(decideSetup({ ...fresh, hasApt: false })).toMatchObject({ kind: 'tell' });
    expect(decideSetup({ ...fresh, customBwrap: true })).toMatchObject({ kind: 'tell' });
  });
});

describe('ensureBubblewrap', () => {
  const logger = () => {
    const lines: string[] = [];
    const log = (_: object, msg: string) => lines.push(msg);
    return { lines, info: log, warn: log, error: log };
  };

  it('installs with apt-get, updating the package lists once when the first try fails', async () => {
    const calls: string[] = [];
    let installs = 0;
    const run: RunCommand = async (file, args) => {
      calls.push([file, ...args].join(' '));
      if (args[0] === 'install') installs += 1;
      return { ok: args[0] === 'update' || installs > 1, output: '' };
    };
    const log = logger();
    expect(await ensureBubblewrap(log, { probe: fresh, run })).toBe(true);
    expect(calls).toEqual([
      '/usr/bin/apt-get install -y --no-install-recommends bubblewrap',
      '/usr/bin/apt-get update',
      '/usr/bin/apt-get install -y --no-install-recommends bubblewrap',
    ]);
    expect(log.lines[0]).toContain('正在自动安装');
    expect(log.lines[0]).toContain('XINAO_JUDGE_AUTO_INSTALL=0');
  });

  it('says what to run when the install fails, and runs nothing when it may not', async () => {
    const failing: RunCommand = async () => ({ ok: false, output: 'E: Unable to locate package' });
    const log = logger();
    expect(await ensureBubblewrap(log, { probe: fresh, run: failing })).toBe(false);
    expect(log.lines.at(-1)).toContain('请运行：apt-get install -y bubblewrap');

    let ran = false;
    const never: RunCommand = async () => {
      ran = true;
      return { ok: true, output: '' };
    };
    const off = logger();
    expect(
      await ensureBubblewrap(off, { probe: { ...fresh, autoInstall: false }, run: never }),
    ).toBe(false);
    expect(ran).toBe(false);
    expect(off.lines[0]).toContain('XINAO_JUDGE_AUTO_INSTALL=0');
  });
});
