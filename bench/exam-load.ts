/**
 * Exam load (issue 7): STUDENTS simulated learners, each with its own session and its own
 * sealed requests through the real transport, start one exam on one server with its judge
 * workers, autosave every few seconds for DURATION seconds, then save their programs and hand
 * in. Measured: save latency (p50/p95) against the plain paged exam list asked by observers in
 * the same run; the time for the judge's queue to drain (every sitting reported); and whether
 * any answer was lost or reordered — the database must hold, for every student and question,
 * exactly the last save the server acknowledged.
 *
 *   npx tsx bench/exam-load.ts [students] [durationSeconds] [judgeWorkers]
 */
import { accounts } from '../src/contract/accounts/refs.ts';
import { exam } from '../src/contract/exam/refs.ts';
import type { SittingQuestion } from '../src/contract/exam/papers.ts';
import { DEFAULT_SEED_PASSWORD } from '../src/server/config.ts';
import { DEMO_ACCOUNTS } from '../src/server/seed/demo-data.ts';
import { createTransport, type Transport } from '../src/transport/client.ts';
import { insertLearners } from './support/learners.ts';
import { withPlatform } from './support/server.ts';
import { percentile } from './support/timing.ts';

const STUDENTS = Number(process.argv[2] ?? 500);
const DURATION_S = Number(process.argv[3] ?? 60);
const WORKERS = Number(process.argv[4] ?? 2);
const SAVE_EVERY_MS = 3_000;
const OBSERVERS = 10;

const A_PLUS_B = 'a, b = map(int, input().split())\nprint(a + b)\n';
const SUM_TO_N = 'n = int(input())\nprint(n * (n + 1) // 2)\n';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Each simulated client comes from its own address, as learners in a school lab do. */
function client(apiUrl: string, n: number): Transport {
  const ip = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  return createTransport({
    baseUrl: apiUrl,
    fetch: (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('x-forwarded-for', ip);
      return fetch(input, { ...init, headers });
    },
  });
}

await withPlatform(
  'exam',
  { JUDGE_WORKERS: String(WORKERS), TRUST_PROXY: '1' },
  async ({ apiUrl, db }) => {
    await insertLearners(db, 'bench_', STUDENTS);
    const admin = client(apiUrl, 0);
    await admin.call(accounts.loginByPwd, {
      body: { username: DEMO_ACCOUNTS.admin.username, password: DEFAULT_SEED_PASSWORD },
    });
    const papers = await admin.call(exam['bms.examPaper.queryList'], {
      body: { keyword: '信奥入门模拟卷' },
    });
    const now = Date.now();
    const created = await admin.call(exam['bms.exam.create'], {
      body: {
        name: '压测考试',
        enrollStartAt: new Date(now - 60_000).toISOString(),
        enrollEndAt: new Date(now + 3_600_000).toISOString(),
        startAt: new Date(now - 60_000).toISOString(),
        endAt: new Date(now + 3_600_000).toISOString(),
        schedule: 'flexible',
        durationMinutes: Math.ceil(DURATION_S / 60) + 5,
        examPaperIds: [papers.content[0]!.id],
      },
    });
    await admin.call(exam['bms.exam.publish'], { body: { id: created.id } });
    const members = await db.query<{ id: number }>(
      `SELECT m.id FROM members m JOIN users u ON u.id = m.user_id
        WHERE u.username LIKE 'bench\\_%' ORDER BY m.id`,
    );
    for (let i = 0; i < members.rows.length; i += 500) {
      await admin.call(exam['bms.examEnroll.batchEnroll'], {
        body: {
          examId: created.id,
          memberIds: members.rows.slice(i, i + 500).map((r) => r.id),
        },
      });
    }

    // Log in and start, a few at a time (logins hash passwords: that is not the exam's cost).
    console.log(`logging in and starting ${STUDENTS} learners…`);
    const learners: { api: Transport; sitting: number; questions: SittingQuestion[] }[] = [];
    const examPaperId = papers.content[0]!.id;
    for (let i = 0; i < STUDENTS; i += 20) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(20, STUDENTS - i) }, async (_, j) => {
          const api = client(apiUrl, i + j + 1);
          await api.call(accounts.loginByPwd, {
            body: { username: `bench_${i + j + 1}`, password: DEFAULT_SEED_PASSWORD },
          });
          const sitting = await api.call(exam['oj.examPaperEnroll.start'], {
            body: { examId: created.id, examPaperId },
          });
          const paper = await api.call(exam['oj.examPaper.queryQuestionList'], {
            body: { examPaperId },
          });
          return { api, sitting: sitting.id, questions: paper.questions };
        }),
      );
      learners.push(...batch);
    }

    // Autosave for DURATION_S; remember the last acknowledged save of every question.
    const acked = new Map<string, { revision: number; answer: string; source: string }>();
    const saveLatencies: number[] = [];
    /** The end: every learner saves their programs and hands in within the same seconds. */
    const finalLatencies: number[] = [];
    const handInLatencies: number[] = [];
    let failures = 0;
    const until = Date.now() + DURATION_S * 1000;
    const save = async (
      learner: (typeof learners)[number],
      q: SittingQuestion,
      revision: number,
      body: { answer?: string; language?: 'python'; source?: string },
      into = saveLatencies,
    ) => {
      const t0 = performance.now();
      try {
        const ack = await learner.api.call(exam['oj.examMemberQuestion.save'], {
          body: { examPaperEnrollId: learner.sitting, questionId: q.questionId, revision, ...body },
        });
        into.push(performance.now() - t0);
        if (ack.applied) {
          acked.set(`${learner.sitting}:${q.questionId}`, {
            revision: ack.revision,
            answer: body.answer ?? '',
            source: body.source ?? '',
          });
        }
      } catch {
        failures += 1;
      }
    };
    const listLatencies: number[] = [];
    const observers = Array.from({ length: OBSERVERS }, async (_, i) => {
      const learner = learners[i]!;
      while (Date.now() < until) {
        const t0 = performance.now();
        await learner.api.call(exam['oj.exam.queryList'], {
          query: { page: 0, size: 20 },
          body: {},
        });
        listLatencies.push(performance.now() - t0);
        await sleep(200);
      }
    });
    console.log(`autosaving for ${DURATION_S} s…`);
    const started = performance.now();
    await Promise.all([
      ...observers,
      ...learners.map(async (learner, n) => {
        let revision = 0;
        await sleep((n * SAVE_EVERY_MS) / learners.length);
        while (Date.now() < until) {
          const q = learner.questions[revision % learner.questions.length]!;
          revision += 1;
          if (q.type === 'programming') {
            await save(learner, q, revision, {
              language: 'python',
              source: `# draft ${revision}\n`,
            });
          } else {
            const flags = q.options.map((_, i) => (i === revision % q.options.length ? '1' : '0'));
            await save(learner, q, revision, { answer: flags.join('') });
          }
          await sleep(SAVE_EVERY_MS * (0.5 + Math.random()));
        }
        // The programs, then hand in.
        for (const q of learner.questions.filter((x) => x.type === 'programming')) {
          revision += 1;
          await save(
            learner,
            q,
            revision,
            { language: 'python', source: q.title.includes('A+B') ? A_PLUS_B : SUM_TO_N },
            finalLatencies,
          );
        }
        const t0 = performance.now();
        await learner.api.call(exam['oj.examPaperEnroll.complete'], {
          body: { id: learner.sitting },
        });
        handInLatencies.push(performance.now() - t0);
      }),
    ]);
    const handedIn = performance.now();
    console.log('waiting for the judge…');
    for (;;) {
      const { rows } = await db.query<{ open: number }>(
        `SELECT count(*)::int AS open FROM exam_paper_enrolls
          WHERE exam_id = $1 AND state <> 'reported'`,
        [created.id],
      );
      if (rows[0]!.open === 0) break;
      await sleep(500);
    }
    const drained = performance.now();

    // Every acknowledged save is in the database, the last one per question.
    const stored = await db.query<{
      exam_paper_enroll_id: number;
      question_id: number;
      revision: number;
      answer: string;
      source: string;
    }>(
      `SELECT a.exam_paper_enroll_id, a.question_id, a.revision, a.answer, a.source
         FROM exam_member_questions a JOIN exam_paper_enrolls s ON s.id = a.exam_paper_enroll_id
        WHERE s.exam_id = $1`,
      [created.id],
    );
    const byKey = new Map(
      stored.rows.map((r) => [`${r.exam_paper_enroll_id}:${r.question_id}`, r]),
    );
    let lost = 0;
    let wrong = 0;
    for (const [key, ack] of acked) {
      const row = byKey.get(key);
      if (!row) lost += 1;
      else if (
        row.revision !== ack.revision ||
        row.answer !== ack.answer ||
        row.source !== ack.source
      ) {
        wrong += 1;
      }
    }
    const jobs = await db.query<{ n: number; avg: number }>(
      `SELECT count(*)::int AS n,
              avg(extract(epoch FROM finished_at - started_at) * 1000)::float AS avg
         FROM judge_jobs WHERE kind = 'exam'`,
    );
    for (const list of [saveLatencies, listLatencies, finalLatencies, handInLatencies]) {
      list.sort((a, b) => a - b);
    }
    const seconds = (handedIn - started) / 1000;
    console.log(
      `\n${STUDENTS} learners, ${DURATION_S} s of autosave every ~${SAVE_EVERY_MS / 1000} s, ${WORKERS} judge workers:\n`,
    );
    console.log('| operation | count | per second | p50 ms | p95 ms |');
    console.log('| --- | --- | --- | --- | --- |');
    console.log(
      `| paged exam list (baseline, ${OBSERVERS} observers) | ${listLatencies.length} | ${(listLatencies.length / seconds).toFixed(0)} | ${percentile(listLatencies, 50).toFixed(1)} | ${percentile(listLatencies, 95).toFixed(1)} |`,
    );
    console.log(
      `| autosave (examMemberQuestion/save) | ${saveLatencies.length} | ${(saveLatencies.length / seconds).toFixed(0)} | ${percentile(saveLatencies, 50).toFixed(1)} | ${percentile(saveLatencies, 95).toFixed(1)} |`,
    );
    const row = (name: string, list: number[]) =>
      `| ${name} | ${list.length} | — | ${percentile(list, 50).toFixed(1)} | ${percentile(list, 95).toFixed(1)} |`;
    console.log(row('final program saves (all at the end)', finalLatencies));
    console.log(row('hand-in (examPaperEnroll/complete)', handInLatencies));
    console.log(
      `\nsave p95 / list p95: ${(percentile(saveLatencies, 95) / percentile(listLatencies, 95)).toFixed(2)}×`,
    );
    console.log(
      `acknowledged answers checked: ${acked.size}; lost ${lost}; not the last acknowledged ${wrong}; failed saves ${failures}`,
    );
    console.log(
      `judge: ${jobs.rows[0]!.n} exam jobs (mean ${jobs.rows[0]!.avg.toFixed(0)} ms each), queue drained ${((drained - handedIn) / 1000).toFixed(1)} s after the last hand-in`,
    );
    if (lost > 0 || wrong > 0) process.exitCode = 1;
  },
);
