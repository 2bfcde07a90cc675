/**
 * `xinao ledger check`: reads the ledger of the configured database (DATABASE_URL, or the
 * embedded one under DATA_DIR — started for the check when no server runs it) and prints what
 * checkLedger finds. Exit 0 when whole, 1 when not, 2 on usage errors.
 */
import { loadConfig } from '../config.ts';
import { embeddedConnectionString, startEmbeddedPostgres } from '../db/embedded.ts';
import type { EmbeddedDatabase } from '../db/embedded.ts';
import { createLogger } from '../logger.ts';
import pg from 'pg';
import { checkLedger } from './check.ts';

export const LEDGER_USAGE = `用法：
  xinao ledger check    核对账本：每张凭证借贷平衡、每个账户余额等于其分录合计、会员账户不为负
数据库：DATABASE_URL，未设置时为 DATA_DIR（默认 ./data）下的内置数据库。`;

async function connect(
  env: NodeJS.ProcessEnv,
): Promise<{ client: pg.Client; stop(): Promise<void> }> {
  const config = loadConfig(env);
  const logger = createLogger({ level: 'warn' });
  const open = async (connectionString: string) => {
    const client = new pg.Client({ connectionString });
    await client.connect();
    return client;
  };
  if (config.databaseUrl) {
    const client = await open(config.databaseUrl);
    return { client, stop: () => client.end() };
  }
  const running = await embeddedConnectionString(config.dataDir, config.embeddedPgPort);
  if (!running) throw new Error(`${config.dataDir} 下没有内置数据库（尚未启动过平台）`);
  try {
    const client = await open(running);
    return { client, stop: () => client.end() };
  } catch {
    // No server runs the embedded database now: start it for the check, then stop it again.
    const embedded: EmbeddedDatabase = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      port: config.embeddedPgPort,
      logger,
    });
    const client = await open(embedded.connectionString);
    return {
      client,
      stop: async () => {
        await client.end();
        await embedded.stop();
      },
    };
  }
}

export async function ledgerMain(argv: string[], env = process.env): Promise<number> {
  if (argv[0] !== 'check' || argv.length !== 1) {
    process.stderr.write(`${LEDGER_USAGE}\n`);
    return 2;
  }
  const started = performance.now();
  const { client, stop } = await connect(env);
  try {
    const report = await checkLedger(client);
    const ms = Math.round(performance.now() - started);
    process.stdout.write(
      `账本：${report.journals} 张凭证，${report.entries} 条分录，${report.accounts} 个账户（${ms} ms）\n`,
    );
    if (report.problems.length === 0) {
      process.stdout.write('核对通过：凭证全部平衡，账户余额与分录一致，会员账户无负数。\n');
      return 0;
    }
    process.stdout.write(`发现 ${report.problems.length} 处问题：\n`);
    for (const p of report.problems) process.stdout.write(`  - ${p}\n`);
    return 1;
  } finally {
    await stop();
  }
}
