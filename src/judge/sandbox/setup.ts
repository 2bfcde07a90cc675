/**
 * The judge sets itself up (issue 12): on a fresh Debian machine `npm start` must end with a
 * working judge, and bubblewrap is the one piece a stock system lacks. When it is missing and
 * the platform runs as root on a machine with apt, it is installed on first start, saying so in
 * the log; `XINAO_JUDGE_AUTO_INSTALL=0` turns that off. Otherwise the log names the one command
 * to run, and the judge refuses submissions as before (isolation.ts).
 */
import { execFile } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { bwrapPath, unsafeAllowed } from './isolation.ts';

const execFileAsync = promisify(execFile);

export const APT_GET = '/usr/bin/apt-get';
export const INSTALL_COMMAND = 'apt-get install -y bubblewrap';

export interface SetupProbe {
  bwrapPresent: boolean;
  /** XINAO_JUDGE_BWRAP points elsewhere: the operator chose their own bubblewrap. */
  customBwrap: boolean;
  isRoot: boolean;
  hasApt: boolean;
  /** XINAO_JUDGE_AUTO_INSTALL is not `0`. */
  autoInstall: boolean;
  /** XINAO_JUDGE_UNSAFE=1: no isolation wanted (development only). */
  unsafe: boolean;
}

export type SetupDecision =
  | { kind: 'ready' }
  | { kind: 'install' }
  /** Nothing is done; the log says why and which command would fix it. */
  | { kind: 'tell'; reason: string; command: string };

export function decideSetup(probe: SetupProbe): SetupDecision {
  if (probe.bwrapPresent || probe.unsafe) return { kind: 'ready' };
  if (probe.customBwrap) {
    return {
      kind: 'tell',
      reason: 'XINAO_JUDGE_BWRAP 指向的 bubblewrap 不存在',
      command: '安装 bubblewrap 并让 XINAO_JUDGE_BWRAP 指向它',
    };
  }
  if (!probe.hasApt) {
    return {
      kind: 'tell',
      reason: '本机没有 apt-get',
      command: '用本机的包管理器安装 bubblewrap',
    };
  }
  if (!probe.autoInstall) {
    return {
      kind: 'tell',
      reason: 'XINAO_JUDGE_AUTO_INSTALL=0，未自动安装',
      command: INSTALL_COMMAND,
    };
  }
  if (!probe.isRoot) {
    return { kind: 'tell', reason: '平台不是以 root 运行', command: `sudo ${INSTALL_COMMAND}` };
  }
  return { kind: 'install' };
}

function hostProbe(env: NodeJS.ProcessEnv): SetupProbe {
  const bwrap = bwrapPath();
  let bwrapPresent = true;
  try {
    accessSync(bwrap, constants.X_OK);
  } catch {
    bwrapPresent = false;
  }
  return {
    bwrapPresent,
    customBwrap: env.XINAO_JUDGE_BWRAP !== undefined,
    isRoot: process.getuid?.() === 0,
    hasApt: existsSync(APT_GET),
    autoInstall: env.XINAO_JUDGE_AUTO_INSTALL !== '0',
    unsafe: unsafeAllowed(),
  };
}

interface SetupLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Runs a command, resolving to whether it succeeded and what it printed last. */
export type RunCommand = (file: string, args: string[]) => Promise<{ ok: boolean; output: string }>;

const runCommand: RunCommand = async (file, args) => {
  try {
    const { stdout, stderr } = await execFileAsync(file, args, {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      maxBuffer: 16 * 1024 * 1024,
    });
    return { ok: true, output: `${stdout}${stderr}` };
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    return { ok: false, output: `${e.stdout ?? ''}${e.stderr ?? ''}` || e.message };
  }
};

const tail = (text: string) => text.trim().split('\n').slice(-5).join('\n');

/**
 * Makes bubblewrap present when this machine allows it; answers whether the judge can isolate
 * submissions as far as bubblewrap goes (isolation.ts checks the rest).
 */
export async function ensureBubblewrap(
  logger: SetupLogger,
  options: { env?: NodeJS.ProcessEnv; probe?: SetupProbe; run?: RunCommand } = {},
): Promise<boolean> {
  const env = options.env ?? process.env;
  const probe = options.probe ?? hostProbe(env);
  const run = options.run ?? runCommand;
  const decision = decideSetup(probe);
  if (decision.kind === 'ready') return true;
  if (decision.kind === 'tell') {
    logger.error(
      { reason: decision.reason, command: decision.command },
      `判题沙箱缺少 bubblewrap（${decision.reason}）。请运行：${decision.command}`,
    );
    return false;
  }
  logger.info(
    { command: INSTALL_COMMAND },
    '判题沙箱缺少 bubblewrap，正在自动安装（设置 XINAO_JUDGE_AUTO_INSTALL=0 可关闭）',
  );
  const install = ['install', '-y', '--no-install-recommends', 'bubblewrap'];
  let result = await run(APT_GET, install);
  if (!result.ok) {
    // A fresh image often has no package lists yet: fetch them once and try again.
    logger.info({}, '安装失败，先更新软件包列表（apt-get update）后重试');
    const update = await run(APT_GET, ['update']);
    if (update.ok) result = await run(APT_GET, install);
  }
  if (!result.ok) {
    logger.error(
      { output: tail(result.output), command: INSTALL_COMMAND },
      `自动安装 bubblewrap 失败。请运行：${INSTALL_COMMAND}`,
    );
    return false;
  }
  logger.info({ path: bwrapPath() }, 'bubblewrap 已安装，判题沙箱可用');
  return true;
}
