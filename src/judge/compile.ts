/**
 * C++ compilation inside the sandbox, with its own limits, a per-flag-set precompiled
 * <bits/stdc++.h>, and a binary cache keyed by sha256(source + flags + include directory and its
 * files' contents + compiler version).
 */
import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  renameSync,
  writeFileSync,
  readdirSync,
  readFileSync,
  statSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { GXX, PYTHON, type CompiledLanguage } from './languages.ts';
import {
  runSandboxed,
  type Bind,
  type SandboxLimits,
  type SandboxOutcome,
} from './sandbox/sandbox.ts';
import { makeWorkDir, removeWorkDir } from './workdir.ts';

export const COMPILE_LIMITS: SandboxLimits = {
  cpuMs: 10_000,
  wallMs: 20_000,
  memoryBytes: 1024 * 1024 * 1024,
  pids: 32,
  stdoutBytes: 64 * 1024,
  /** Compiler messages are capped; a flood beyond this ends the compile. */
  stderrBytes: 64 * 1024,
  /** Largest object/binary the compiler may write (a 1 GiB initialised array stops here). */
  fileBytes: 64 * 1024 * 1024,
  tmpBytes: 256 * 1024 * 1024,
};

export const TESTLIB_DIR = join(dirname(fileURLToPath(import.meta.url)), 'testlib');

export interface CompileResult {
  ok: boolean;
  /** Host path of the executable (inside the binary cache) when ok. */
  binary?: string;
  output: string;
  timeMs: number;
  cached: boolean;
}

const execFileAsync = promisify(execFile);
let compilerVersion: Promise<string> | undefined;

function gxxVersion(): Promise<string> {
  compilerVersion ??= execFileAsync(GXX, ['--version'], { env: { PATH: '/usr/bin' } }).then(
    (r) => r.stdout.split('\n')[0] ?? '',
  );
  return compilerVersion;
}

const sha256 = (...parts: string[]) => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p).update('\0');
  return h.digest('hex');
};

function findStdcHeader(): string | undefined {
  const base = '/usr/include/x86_64-linux-gnu/c++';
  if (!existsSync(base)) return undefined;
  for (const v of readdirSync(base).sort().reverse()) {
    const p = join(base, v, 'bits', 'stdc++.h');
    if (existsSync(p)) return p;
  }
  return undefined;
}

const pchBuilds = new Map<string, Promise<string | undefined>>();

/**
 * Builds <cacheDir>/pch/<hash>/bits/stdc++.h.gch once per flag set (in the sandbox). Returns the
 * directory to pass with -I, or undefined when it cannot be built (compiles then run without).
 */
export function ensurePch(cacheDir: string, flags: readonly string[]): Promise<string | undefined> {
  const key = `${cacheDir}\0${flags.join(' ')}`;
  let p = pchBuilds.get(key);
  if (!p) {
    p = buildPch(cacheDir, flags);
    pchBuilds.set(key, p);
  }
  return p;
}

async function buildPch(cacheDir: string, flags: readonly string[]): Promise<string | undefined> {
  const header = findStdcHeader();
  if (!header) return undefined;
  const dir = join(cacheDir, 'pch', sha256(flags.join(' '), await gxxVersion()).slice(0, 16));
  const gch = join(dir, 'bits', 'stdc++.h.gch');
  if (existsSync(gch)) return dir;
  const out = makeWorkDir(cacheDir, 'pch', true);
  try {
    const r = await runSandboxed({
      argv: [GXX, ...flags, '-x', 'c++-header', '/hdr/stdc++.h', '-o', '/out/stdc++.h.gch'],
      binds: [
        { host: header, box: '/hdr/stdc++.h' },
        { host: out, box: '/out', writable: true },
      ],
      limits: { ...COMPILE_LIMITS, cpuMs: 60_000, wallMs: 120_000, fileBytes: 512 * 1024 * 1024 },
      cacheDir,
      proc: false,
    });
    if (r.exitCode !== 0) return undefined;
    mkdirSync(join(dir, 'bits'), { recursive: true, mode: 0o755 });
    chmodSync(dir, 0o755);
    // The header sits next to its .gch so the -I directory still works if GCC rejects the PCH.
    copyFileSync(header, join(dir, 'bits', 'stdc++.h'));
    const tmp = `${gch}.${process.pid}.tmp`;
    copyFileSync(join(out, 'stdc++.h.gch'), tmp);
    chmodSync(tmp, 0o644);
    renameSync(tmp, gch);
    return dir;
  } finally {
    removeWorkDir(out);
  }
}

const includeDigests = new Map<string, string>();

/**
 * sha256 of the files in an include directory, so that cached binaries (checkers) are rebuilt when
 * the headers they were compiled with change, not only when their own source does.
 */
function includeDigest(dir: string): string {
  let d = includeDigests.get(dir);
  if (d === undefined) {
    const h = createHash('sha256');
    for (const name of readdirSync(dir).sort()) {
      const p = join(dir, name);
      if (!statSync(p).isFile()) continue;
      h.update(name).update('\0').update(readFileSync(p)).update('\0');
    }
    d = h.digest('hex');
    includeDigests.set(dir, d);
  }
  return d;
}

export interface CompileOptions {
  cacheDir: string;
  /** Extra read-only include directory visible as /inc (e.g. testlib for checkers). */
  includeDir?: string;
  usePch?: boolean;
  /** Overrides of COMPILE_LIMITS (tests use tighter ones to stay fast). */
  limits?: Partial<SandboxLimits>;
}

export async function compileCpp(
  source: string,
  language: CompiledLanguage,
  opts: CompileOptions,
): Promise<CompileResult> {
  const flags = [...language.flags];
  const key = sha256(
    source,
    flags.join(' '),
    opts.includeDir ?? '',
    opts.includeDir ? includeDigest(opts.includeDir) : '',
    await gxxVersion(),
  );
  const binDir = join(opts.cacheDir, 'bin');
  const binary = join(binDir, key);
  if (existsSync(binary)) return { ok: true, binary, output: '', timeMs: 0, cached: true };

  const pch = opts.usePch === false ? undefined : await ensurePch(opts.cacheDir, flags);
  const srcDir = makeWorkDir(opts.cacheDir, 'src');
  const outDir = makeWorkDir(opts.cacheDir, 'out', true);
  try {
    writeFileSync(join(srcDir, language.sourceFile), source, { mode: 0o644 });
    const binds: Bind[] = [
      { host: srcDir, box: '/src' },
      { host: outDir, box: '/out', writable: true },
    ];
    const argv = [GXX, ...flags];
    if (pch) {
      binds.push({ host: pch, box: '/pch' });
      argv.push('-Winvalid-pch', '-I/pch');
    }
    if (opts.includeDir) {
      binds.push({ host: opts.includeDir, box: '/inc' });
      argv.push('-I/inc');
    }
    argv.push(`/src/${language.sourceFile}`, '-o', '/out/main');
    const r = await runSandboxed({
      argv,
      binds,
      cwd: '/src',
      limits: { ...COMPILE_LIMITS, ...opts.limits },
      cacheDir: opts.cacheDir,
      // The source decides what the compiler reads: no /proc to quote in its errors.
      proc: false,
    });
    const output = compilerMessage(r);
    if (r.setupError) throw new Error(`编译沙箱启动失败：${r.setupError}`);
    const produced = join(outDir, 'main');
    if (r.exitCode !== 0 || r.timeLimitExceeded || r.oomKilled || !existsSync(produced)) {
      return { ok: false, output, timeMs: r.wallMs, cached: false };
    }
    mkdirSync(binDir, { recursive: true, mode: 0o755 });
    chmodSync(binDir, 0o755);
    const tmp = `${binary}.${process.pid}.tmp`;
    copyFileSync(produced, tmp);
    chmodSync(tmp, 0o755);
    renameSync(tmp, binary);
    return { ok: true, binary, output, timeMs: r.wallMs, cached: false };
  } finally {
    removeWorkDir(srcDir);
    removeWorkDir(outDir);
  }
}

/** Compiler output plus a Chinese note on why the compiler was stopped, if it was. */
function compilerMessage(r: SandboxOutcome): string {
  let text = r.stderr.toString('utf8') + r.stdout.toString('utf8');
  if (r.outputExceeded) text += '\n[编译信息过长，已截断并终止编译]';
  if (r.timeLimitExceeded) text += '\n[编译超时]';
  if (r.oomKilled) text += '\n[编译内存超限]';
  if (r.signal === 25) text += '\n[编译产物过大]';
  return text;
}

/** Python "compile": a syntax check in the sandbox so syntax errors are CE, not RE. */
export async function checkPythonSyntax(
  source: string,
  cacheDir: string,
): Promise<{ ok: boolean; output: string }> {
  const srcDir = makeWorkDir(cacheDir, 'pysrc');
  try {
    writeFileSync(join(srcDir, 'main.py'), source, { mode: 0o644 });
    const r = await runSandboxed({
      argv: [
        PYTHON,
        '-S',
        '-B',
        '-c',
        'import sys\nsrc=open(sys.argv[1],"rb").read()\ncompile(src,"main.py","exec")',
        '/src/main.py',
      ],
      binds: [{ host: srcDir, box: '/src' }],
      limits: { ...COMPILE_LIMITS, memoryBytes: 256 * 1024 * 1024 },
      cacheDir,
    });
    if (r.setupError) throw new Error(`编译沙箱启动失败：${r.setupError}`);
    return { ok: r.exitCode === 0 && !r.timeLimitExceeded, output: compilerMessage(r) };
  } finally {
    removeWorkDir(srcDir);
  }
}
