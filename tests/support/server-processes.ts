/**
 * The platform as separate operating-system processes, as it runs on real machines: `npm start`'s
 * server (src/server/main.ts), a judge worker (worker-main.ts), and nginx with the tested
 * configuration in deploy/nginx.conf. For the tests that kill one of them outright.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { makeTestDataDir } from './platform.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const MAIN = path.join(ROOT, 'src/server/main.ts');
const JUDGE_WORKER = path.join(ROOT, 'src/server/judge-service/worker-main.ts');
const NGINX_CONF = path.join(ROOT, 'deploy/nginx.conf');

export interface ServerProcess {
  child: ChildProcess;
  /** Everything the process wrote, stdout and stderr. */
  output(): string;
  exited: Promise<number | null>;
  /** SIGKILL unless it has exited already (what a crash does). */
  kill(): void;
  /**
   * SIGTERM, SIGKILL after a few seconds; resolves once it has exited. nginx needs it: killed
   * outright, its master leaves its worker running, listening, with no parent.
   */
  stop(): Promise<void>;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): ServerProcess {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return {
    child,
    output: () => output,
    exited,
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.kill('SIGTERM');
      await exited;
      clearTimeout(timer);
    },
  };
}

/** `npm start`'s server on `databaseUrl`, with `env` over the test's settings. */
export async function spawnServer(
  databaseUrl: string,
  port: number,
  env: NodeJS.ProcessEnv = {},
): Promise<ServerProcess> {
  return run(process.execPath, ['--import', 'tsx', MAIN], {
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    DATA_DIR: await makeTestDataDir(),
    JUDGE_WORKERS: '0',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    ...env,
  });
}

/** A judge worker on `databaseUrl`, as another machine would run it. */
export function spawnJudgeWorker(databaseUrl: string, env: NodeJS.ProcessEnv = {}): ServerProcess {
  return run(process.execPath, ['--import', 'tsx', JUDGE_WORKER], {
    ...process.env,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'info',
    ...env,
  });
}

/**
 * nginx with deploy/nginx.conf as written but for the addresses: its upstream is `upstreams`
 * (host:port) and it listens on 127.0.0.1:`port`. Everything it writes stays in a temp folder.
 */
export async function startNginx(upstreams: string[], port: number): Promise<ServerProcess> {
  const deployed = await readFile(NGINX_CONF, 'utf8');
  const servers = deployed.match(/^ {4}server \S+(.*);$/m);
  if (!servers) throw new Error('deploy/nginx.conf has no upstream server line');
  const site = deployed
    .replace(/^ {4}server \S+.*;\n/gm, '')
    .replace(
      'keepalive 64;',
      `${upstreams.map((u) => `server ${u}${servers[1]};`).join('\n    ')}\n    keepalive 64;`,
    )
    .replace(/listen 80;/, `listen 127.0.0.1:${port};`);
  if (!site.includes(`listen 127.0.0.1:${port};`)) throw new Error('deploy/nginx.conf: no listen');
  const dir = await makeTestDataDir();
  // nginx's workers drop root for `nobody`: the folders they write must be theirs too.
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    await mkdir(path.join(dir, sub), { recursive: true });
    await chmod(path.join(dir, sub), 0o777);
  }
  const conf = path.join(dir, 'nginx.conf');
  await writeFile(
    conf,
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${site}
}
`,
  );
  // Debian puts it in /usr/sbin, which a non-root PATH may lack.
  const nginx = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';
  return run(nginx, ['-p', dir, '-c', conf], process.env);
}
