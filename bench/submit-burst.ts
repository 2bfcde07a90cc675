/**
 * Bursts (issue 28 item 5): a class's submissions sent at once, while two judge workers judge
 * them. The platform runs in its own process as `npm start` runs it, with two judge workers;
 * 60 learners (written into the database) each send their share of the burst, every call sealed
 * in advance (as each learner's own device would) and sent in the same instant. What is measured
 * is how long each call takes to be acknowledged (its answer: the answer record, queued), not
 * the verdict; the calls are sent with node:http, the lightest client at hand, since the
 * clients share the platform's two cores here. Baseline in the same run: one submission alone
 * on the idle platform. Each platform takes two bursts: its first, and one after it sat idle
 * longer than its database pool's idle timeout, as a class between two exercises (a pool that
 * closed its connections then opened them again in the burst). Each figure is taken with one API
 * process and with two (API_PROCESSES=2), the judge workers at their default niceness (10), each
 * on a fresh platform, the two interleaved by round. (Niceness 0 against 10 was measured before:
 * bench/RESULTS.md, "Bursts".)
 *
 *   npx tsx bench/submit-burst.ts [burst] [rounds]
 */
import { request } from 'node:http';
import { accounts } from '../src/contract/accounts/refs.ts';
import { memberQuestion } from '../src/contract/member-question/refs.ts';
import { system } from '../src/contract/system/refs.ts';
import { APP_ID, APP_ID_HEADER } from '../src/contract/envelope.ts';
import { DEFAULT_SEED_PASSWORD } from '../src/server/config.ts';
import { createTransport } from '../src/transport/client.ts';
import {
  channelSession,
  openClientChannel,
  sealRequest,
  type EnvelopeChannel,
  type ServerPublicKey,
} from '../src/transport/envelope-crypto.ts';
import { median } from './support/bare.ts';
import { insertLearners } from './support/learners.ts';
import { withPlatform } from './support/server.ts';
import { percentile } from './support/timing.ts';

const BURST = Number(process.argv[2] ?? 300);
const ROUNDS = Number(process.argv[3] ?? 1);
const LEARNERS = 60;
const ALONE = 10;
const WORKERS = 2;
/** Seconds the platform sits idle between the two bursts. */
const QUIET_S = 35;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ipOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/** A+B in C++, different each time so every submission is compiled (no binary cache hit). */
const source = (n: number) =>
  `// ${n}\n#include <cstdio>\nint main(){long long a,b;scanf("%lld %lld",&a,&b);printf("%lld\\n",a+b);}\n`;

interface Learner {
  cookie: string;
  ip: string;
  /** The learner's envelope channel, as their browser tab keeps one. */
  channel?: EnvelopeChannel;
}

interface Prepared {
  learner: Learner;
  body: string;
}

interface BurstFigures {
  p50: number;
  p95: number;
  max: number;
  allDoneS: number;
}

interface Figures {
  aloneMs: number;
  /** The first burst on a fresh platform. */
  first: BurstFigures;
  /** The next burst after the platform sat idle longer than its pool's idle timeout. */
  afterQuiet: BurstFigures;
}

async function measure(apiProcesses: number): Promise<Figures> {
  let figures: Figures | undefined;
  await withPlatform(
    `burst-api${apiProcesses}`,
    {
      JUDGE_WORKERS: String(WORKERS),
      API_PROCESSES: String(apiProcesses),
      TRUST_PROXY: '1',
      QUOTA_DAILY_SUBMISSIONS: String(2 * BURST + ALONE),
    },
    async ({ apiUrl, db }) => {
      await insertLearners(db, 'burst_', LEARNERS);
      const learners: Learner[] = [];
      for (let i = 1; i <= LEARNERS; i++) {
        const ip = ipOf(i);
        const api = createTransport({
          baseUrl: apiUrl,
          fetch: (input, init) => {
            const headers = new Headers(init?.headers);
            headers.set('x-forwarded-for', ip);
            return fetch(input, { ...init, headers });
          },
        });
        await api.call(accounts.loginByPwd, {
          body: { username: `burst_${i}`, password: DEFAULT_SEED_PASSWORD },
        });
        learners.push({ cookie: api.cookies!.header()!, ip });
      }
      const questionId = (
        await db.query<{ id: number }>(
          `SELECT id FROM questions WHERE seed_key = 'problem:01-a-plus-b'`,
        )
      ).rows[0]!.id;
      const keyAnswer = await fetch(apiUrl + system['common.envelope.publicKey'].path, {
        headers: { [APP_ID_HEADER]: APP_ID },
      });
      const serverKey = ((await keyAnswer.json()) as { data: ServerPublicKey }).data;
      const submitPath = memberQuestion['memberQuestion.submitAnswer'].path;
      const pathname = new URL(apiUrl + submitPath).pathname;
      let n = 0;
      const prepare = async (learner: Learner): Promise<Prepared> => {
        n += 1;
        learner.channel ??= await openClientChannel(serverKey);
        const sealed = await sealRequest(
          await channelSession(learner.channel, { method: 'POST', path: pathname }),
          {
            method: 'POST',
            path: pathname,
            body: { questionId, language: 'cpp', source: source(n) },
            now: Date.now(),
          },
        );
        return { learner, body: JSON.stringify(sealed) };
      };
      const target = new URL(apiUrl + submitPath);
      // node:http, not fetch: undici's fetch cost this process about 0.8 ms of CPU a call, 8 % of
      // the machine during the burst, on the two cores the platform is measured on; a learner's
      // browser spends that on their own device (bench/RESULTS.md, "Bursts").
      const send = (p: Prepared): Promise<number> =>
        new Promise((resolve, reject) => {
          const started = performance.now();
          const req = request(
            {
              host: target.hostname,
              port: target.port,
              path: target.pathname,
              method: 'POST',
              headers: {
                [APP_ID_HEADER]: APP_ID,
                'content-type': 'application/json',
                'content-length': Buffer.byteLength(p.body),
                cookie: p.learner.cookie,
                'x-forwarded-for': p.learner.ip,
              },
            },
            (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (c: Buffer) => chunks.push(c));
              res.on('error', reject);
              res.on('end', () => {
                const answer = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
                  success: boolean;
                  message: string;
                };
                if (answer.success) resolve(performance.now() - started);
                else reject(new Error(`a submission was refused: ${answer.message}`));
              });
            },
          );
          req.on('error', reject);
          req.end(p.body);
        });
      const pending = async () =>
        Number(
          (
            await db.query<{ n: string }>(
              `SELECT count(*) AS n FROM judge_jobs WHERE status NOT IN ('done', 'failed')`,
            )
          ).rows[0]!.n,
        );
      const drained = async () => {
        while ((await pending()) > 0) await sleep(200);
      };

      // Let the workers finish their start (the precompiled header) before anything is timed.
      await sleep(5_000);
      const alone: number[] = [];
      for (let i = 0; i < ALONE; i++) {
        alone.push(await send(await prepare(learners[0]!)));
        await drained();
      }
      const burstOf = async (): Promise<BurstFigures> => {
        const burst: Prepared[] = [];
        for (let i = 0; i < BURST; i++) burst.push(await prepare(learners[i % LEARNERS]!));
        const started = performance.now();
        const acks = (await Promise.all(burst.map(send))).sort((a, b) => a - b);
        await drained();
        return {
          p50: percentile(acks, 50),
          p95: percentile(acks, 95),
          max: acks.at(-1)!,
          allDoneS: (performance.now() - started) / 1000,
        };
      };
      const first = await burstOf();
      // A class between two bursts: longer than the pool's idle timeout (db/pool.ts), which
      // closed the connections a burst had opened before the pool kept them.
      await sleep(QUIET_S * 1000);
      figures = { aloneMs: median(alone), first, afterQuiet: await burstOf() };
    },
  );
  return figures!;
}

const results: { apiProcesses: number; figures: Figures }[] = [];
for (let round = 0; round < ROUNDS; round++) {
  for (const apiProcesses of [1, 2]) {
    console.log(
      `round ${round + 1}: ${BURST} submissions at once, ${apiProcesses} API process(es)…`,
    );
    results.push({ apiProcesses, figures: await measure(apiProcesses) });
  }
}
console.log(
  `\n| API processes | Burst of ${BURST} | One alone, ms (baseline) | Ack p50 ms | p95 ms | max ms | p95 ÷ alone | All judged, s |`,
);
console.log('| --: | --- | --: | --: | --: | --: | --: | --: |');
for (const { apiProcesses, figures } of results) {
  for (const [label, b] of [
    ['first, fresh platform', figures.first],
    [`after ${QUIET_S} s idle`, figures.afterQuiet],
  ] as const) {
    console.log(
      `| ${apiProcesses} | ${label} | ${figures.aloneMs.toFixed(1)} | ${b.p50.toFixed(0)} | ${b.p95.toFixed(0)} | ${b.max.toFixed(0)} | ${(b.p95 / figures.aloneMs).toFixed(1)}× | ${b.allDoneS.toFixed(1)} |`,
    );
  }
}
