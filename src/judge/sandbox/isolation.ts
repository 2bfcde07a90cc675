/**
 * Checks that the machine can isolate submissions (bubblewrap + cgroup v1 controllers + root)
 * and builds the launcher helper once. Refuses with the exact missing pieces unless
 * XINAO_JUDGE_UNSAFE=1.
 */
import { accessSync, constants, existsSync, mkdirSync, renameSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { CGROUP_ROOT, CONTROLLERS } from './cgroup.ts';

/** bubblewrap's path; XINAO_JUDGE_BWRAP overrides it (other distributions install it elsewhere). */
export const bwrapPath = (): string => process.env.XINAO_JUDGE_BWRAP ?? '/usr/bin/bwrap';
const LAUNCHER_SOURCE = join(dirname(fileURLToPath(import.meta.url)), 'launcher.c');
const execFileAsync = promisify(execFile);

export class IsolationUnavailableError extends Error {
  constructor(readonly missing: string[]) {
    super(
      `判题沙箱不可用，缺少：${missing.join('；')}（开发时可设置 XINAO_JUDGE_UNSAFE=1 跳过检查）`,
    );
    this.name = 'IsolationUnavailableError';
  }
}

export interface IsolationProbe {
  bwrap: string;
  cgroupRoot: string;
  isRoot: boolean;
  gcc: string;
}

const hostProbe = (): IsolationProbe => ({
  bwrap: bwrapPath(),
  cgroupRoot: CGROUP_ROOT,
  isRoot: process.getuid?.() === 0,
  gcc: '/usr/bin/gcc',
});

/** Lists what the sandbox needs and this machine lacks; empty means ready. */
export function missingIsolation(probe: IsolationProbe = hostProbe()): string[] {
  const missing: string[] = [];
  try {
    accessSync(probe.bwrap, constants.X_OK);
  } catch {
    missing.push(`bubblewrap（${probe.bwrap}）`);
  }
  for (const c of CONTROLLERS) {
    if (!existsSync(join(probe.cgroupRoot, c, 'cgroup.procs'))) {
      missing.push(`cgroup v1 ${c} 控制器（${join(probe.cgroupRoot, c)}）`);
    }
  }
  if (!probe.isRoot) missing.push('root 权限（创建 cgroup 与切换到 uid 65534 需要）');
  if (!existsSync(probe.gcc)) missing.push(`gcc（${probe.gcc}，用于构建沙箱启动器）`);
  return missing;
}

let ready: boolean | undefined;

/** Whether this machine can isolate submissions (checked once per process). */
export function isolationReady(): boolean {
  ready ??= missingIsolation().length === 0;
  return ready;
}

export function unsafeAllowed(): boolean {
  return process.env.XINAO_JUDGE_UNSAFE === '1';
}

/** Throws unless the machine can isolate submissions or XINAO_JUDGE_UNSAFE=1 is set. */
export function assertIsolation(): void {
  if (isolationReady() || unsafeAllowed()) return;
  throw new IsolationUnavailableError(missingIsolation());
}

const launcherPaths = new Map<string, Promise<string>>();

/** Compiles launcher.c into <cacheDir>/launcher/<hash>/xinao-launch once (atomic rename). */
export function ensureLauncher(cacheDir: string): Promise<string> {
  let p = launcherPaths.get(cacheDir);
  if (!p) {
    p = buildLauncher(cacheDir);
    launcherPaths.set(cacheDir, p);
    p.catch(() => launcherPaths.delete(cacheDir));
  }
  return p;
}

async function buildLauncher(cacheDir: string): Promise<string> {
  const source = readFileSync(LAUNCHER_SOURCE);
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 16);
  const dir = join(cacheDir, 'launcher', hash);
  const binary = join(dir, 'xinao-launch');
  if (existsSync(binary)) return binary;
  mkdirSync(dir, { recursive: true });
  const tmp = `${binary}.${process.pid}.tmp`;
  await execFileAsync('/usr/bin/gcc', ['-O2', '-Wall', '-o', tmp, LAUNCHER_SOURCE], {
    env: { PATH: '/usr/bin:/bin' },
  });
  renameSync(tmp, binary);
  return binary;
}
