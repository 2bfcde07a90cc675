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
const HERE = dirname(fileURLToPath(import.meta.url));
const LAUNCHER_SOURCE = join(HERE, 'launcher.c');
const KEEPER_SOURCE = join(HERE, 'box-keeper.c');
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

const helperPaths = new Map<string, Promise<string>>();

/** The helpers written in C: the launcher of a fresh box, and the keeper of warm boxes. */
const HELPERS = {
  launcher: { source: LAUNCHER_SOURCE, binary: 'xinao-launch' },
  keeper: { source: KEEPER_SOURCE, binary: 'xinao-box' },
} as const;

/** Compiles launcher.c into <cacheDir>/launcher/<hash>/xinao-launch once (atomic rename). */
export function ensureLauncher(cacheDir: string): Promise<string> {
  return ensureHelper(cacheDir, 'launcher');
}

/** Compiles box-keeper.c into <cacheDir>/keeper/<hash>/xinao-box once (warm-box.ts). */
export function ensureBoxKeeper(cacheDir: string): Promise<string> {
  return ensureHelper(cacheDir, 'keeper');
}

function ensureHelper(cacheDir: string, helper: keyof typeof HELPERS): Promise<string> {
  const key = `${helper}\0${cacheDir}`;
  let p = helperPaths.get(key);
  if (!p) {
    p = buildHelper(cacheDir, helper);
    helperPaths.set(key, p);
    p.catch(() => helperPaths.delete(key));
  }
  return p;
}

async function buildHelper(cacheDir: string, helper: keyof typeof HELPERS): Promise<string> {
  const { source: sourcePath, binary: name } = HELPERS[helper];
  const source = readFileSync(sourcePath);
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 16);
  const dir = join(cacheDir, helper, hash);
  const binary = join(dir, name);
  if (existsSync(binary)) return binary;
  mkdirSync(dir, { recursive: true });
  const tmp = `${binary}.${process.pid}.tmp`;
  await execFileAsync('/usr/bin/gcc', ['-O2', '-Wall', '-o', tmp, sourcePath], {
    env: { PATH: '/usr/bin:/bin' },
  });
  renameSync(tmp, binary);
  return binary;
}
