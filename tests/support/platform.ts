import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { svgCaptchaGenerator } from '../../src/server/accounts/captcha.ts';
import type { CaptchaGenerator } from '../../src/server/accounts/captcha.ts';
import { DEFAULT_SEED_PASSWORD } from '../../src/server/config.ts';
import { DEMO_ACCOUNTS } from '../../src/server/seed/demo-data.ts';
import type { DemoRole } from '../../src/server/seed/demo-data.ts';
import { QUOTA_ENV } from '../../src/server/member-question/quota.ts';
import type { QuotaLimits } from '../../src/server/member-question/quota.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import { startPlatform } from '../../src/server/start.ts';
import type { RunningPlatform, StartOptions } from '../../src/server/start.ts';
import { API_PREFIX } from '../../src/contract/envelope.ts';

/** Where test data directories go: inside the repository's ignored .tmp folder. */
export const TEST_TMP_ROOT = path.resolve(import.meta.dirname, '../../.tmp');

/**
 * The real svg-captcha generator, remembering the text of each image it drew: a test reads the
 * answer as a person would read it off the picture, without a back door in the server.
 */
export class RecordingCaptchaGenerator implements CaptchaGenerator {
  private readonly answers = new Map<string, string>();

  generate(width: number) {
    const drawn = svgCaptchaGenerator.generate(width);
    this.answers.set(drawn.svg, drawn.text);
    return drawn;
  }

  /** The text shown by an image as answered by getImageCaptcha (a data: URL). */
  answerFor(image: string): string {
    const svg = Buffer.from(
      image.replace(/^data:image\/svg\+xml;base64,/, ''),
      'base64',
    ).toString();
    const text = this.answers.get(svg);
    if (text === undefined) throw new Error('this captcha image was not drawn by the recorder');
    return text;
  }
}

export interface DemoCredentials {
  username: string;
  password: string;
  mobile: string;
}

export interface TestPlatform extends RunningPlatform {
  /** `<url>/xinao/api` */
  apiUrl: string;
  dataDir: string;
  accounts: Record<DemoRole, DemoCredentials>;
  captchas: RecordingCaptchaGenerator;
}

/** Set by the run's global setup (platform-template.ts, which imports it from here). */
export const TEMPLATE_ENV = 'XINAO_TEST_PLATFORM_TEMPLATE';

/**
 * Whether a platform may start on a copy of the run's seeded template: only on the embedded
 * database with the template's own first-start settings (fsync off, the demo seed).
 */
function fromTemplate(options: Partial<StartOptions>): boolean {
  return (
    process.env[TEMPLATE_ENV] !== undefined &&
    options.databaseUrl === undefined &&
    (options.skipFsync ?? true) &&
    !options.env?.DATABASE_URL
  );
}

export async function makeTestDataDir(): Promise<string> {
  await fs.mkdir(TEST_TMP_ROOT, { recursive: true });
  return fs.mkdtemp(path.join(TEST_TMP_ROOT, 'platform-'));
}

/**
 * A whole platform for one test file: fresh data directory, embedded Postgres and HTTP on free
 * ports, silent logs, X-Forwarded-For trusted so each simulated client can have its own
 * address (rate limits are per client). `stop()` also deletes the data directory unless
 * `keepDataDir` is set. `quotas` sets daily limits through their environment variables, on top
 * of `env`.
 */
export async function startTestPlatform(
  options: Partial<StartOptions> & {
    keepDataDir?: boolean;
    quotas?: Partial<QuotaLimits>;
    /** false: a first start of its own (initdb, migrations, seed), not the run's template. */
    template?: boolean;
  } = {},
): Promise<TestPlatform> {
  const { keepDataDir, quotas = {}, template = true, ...startOptions } = options;
  const quotaEnv = Object.fromEntries(
    Object.entries(quotas).map(([counter, limit]) => [
      QUOTA_ENV[counter as keyof QuotaLimits],
      String(limit),
    ]),
  );
  const dataDir = startOptions.dataDir ?? (await makeTestDataDir());
  if (template && !startOptions.dataDir && fromTemplate(startOptions)) {
    // cp -a: the cluster's files must stay the postgres user's, mode 0700, or it refuses them.
    await promisify(execFile)('cp', ['-a', `${process.env[TEMPLATE_ENV]!}/.`, dataDir]);
  }
  const captchas = new RecordingCaptchaGenerator();
  const removeDataDir = () =>
    keepDataDir ? Promise.resolve() : fs.rm(dataDir, { recursive: true, force: true });
  const platform = await startPlatform({
    port: 0,
    host: '127.0.0.1',
    embeddedPgPort: 0,
    skipFsync: true,
    quiet: !process.env.TEST_LOGS,
    logLevel: process.env.TEST_LOGS ?? 'info',
    seedPassword: DEFAULT_SEED_PASSWORD,
    captchaGenerator: captchas,
    trustProxy: true,
    // Judge workers only where a test asks for them (judge-service.test.ts).
    judgeWorkers: 0,
    ...startOptions,
    env: {
      ...(startOptions.env ?? { ...process.env, NODE_ENV: 'test', DATABASE_URL: '' }),
      ...quotaEnv,
    },
    dataDir,
  }).catch(async (err: unknown) => {
    await removeDataDir();
    throw err;
  });
  const accounts = Object.fromEntries(
    Object.entries(DEMO_ACCOUNTS).map(([role, account]) => [
      role,
      { username: account.username, password: DEFAULT_SEED_PASSWORD, mobile: account.mobile },
    ]),
  ) as Record<DemoRole, DemoCredentials>;
  return {
    ...platform,
    apiUrl: platform.url + API_PREFIX,
    dataDir,
    accounts,
    captchas,
    stop: async () => {
      // Whatever a test file did, its money must add up (issue 6: `ledger check` passes after
      // the whole suite's traffic).
      const ledger = await checkLedger(platform.pool).catch(() => null);
      await platform.stop();
      await removeDataDir();
      if (ledger && ledger.problems.length > 0) {
        throw new Error(`the ledger is not whole:\n${ledger.problems.join('\n')}`);
      }
    },
  };
}
