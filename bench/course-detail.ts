/**
 * Course detail load (issue 9): one course of UNITS units with QUESTIONS_PER_UNIT questions each
 * (600 with the defaults), and a learner who has answered a third of them. Measured through the
 * real transport as that learner: the calls /course/detail makes — the course with its progress
 * (course/queryById) and its units with progress and access (course/queryChapterList) — and one
 * unit's questions with the learner's status (oj/chapter/queryQuestion), p50/p95 over ROUNDS
 * calls each, against the plain paged course list asked in the same run (the baseline).
 *
 * The questions, units and answers are written straight into the database: what is measured is
 * reading them back.
 *
 *   npx tsx bench/course-detail.ts [units] [questionsPerUnit] [rounds]
 */
import { accounts } from '../src/contract/accounts/refs.ts';
import { chapter } from '../src/contract/chapter/refs.ts';
import { course } from '../src/contract/course/refs.ts';
import { DEFAULT_SEED_PASSWORD } from '../src/server/config.ts';
import { DEMO_ACCOUNTS } from '../src/server/seed/demo-data.ts';
import { createTransport, type Transport } from '../src/transport/client.ts';
import { withPlatform } from './support/server.ts';
import { percentile, timed } from './support/timing.ts';

const UNITS = Number(process.argv[2] ?? 30);
const PER_UNIT = Number(process.argv[3] ?? 20);
const ROUNDS = Number(process.argv[4] ?? 40);

await withPlatform('course', { JUDGE_WORKERS: '0' }, async ({ server, db }) => {
  const total = UNITS * PER_UNIT;
  // Published objective questions of the platform, then the units, then the course.
  const questions = await db.query<{ id: number }>(
    `INSERT INTO questions (organization_id, type, title, content, options, answer, difficulty,
                              publication)
       SELECT NULL, 'single', '压测题 ' || g, '1 + 1 = ?',
              '[{"label":"A","text":"1"},{"label":"B","text":"2"}]'::jsonb, '01', 'easy', 'published'
         FROM generate_series(1, $1) g RETURNING id`,
    [total],
  );
  const ids = questions.rows.map((r) => r.id);
  const chapters = await db.query<{ id: number }>(
    `INSERT INTO chapters (organization_id, title, sort, price_fen)
       SELECT NULL, '压测单元 ' || g, g, CASE WHEN g % 5 = 0 THEN 990 ELSE 0 END
         FROM generate_series(1, $1) g RETURNING id`,
    [UNITS],
  );
  const chapterIds = chapters.rows.map((r) => r.id);
  for (const [u, chapterId] of chapterIds.entries()) {
    await db.query(
      `INSERT INTO chapter_questions (chapter_id, question_id, position)
         SELECT $1, q, ord FROM unnest($2::int[]) WITH ORDINALITY AS t(q, ord)`,
      [chapterId, ids.slice(u * PER_UNIT, (u + 1) * PER_UNIT)],
    );
  }
  const created = await db.query<{ id: number }>(
    `INSERT INTO courses (organization_id, title, published, review)
       VALUES (NULL, '压测课程 ' || $1, true, 'passed') RETURNING id`,
    [Date.now()],
  );
  const courseId = created.rows[0]!.id;
  await db.query(
    `INSERT INTO course_chapters (course_id, chapter_id, position)
       SELECT $1, c, ord FROM unnest($2::int[]) WITH ORDINALITY AS t(c, ord)`,
    [courseId, chapterIds],
  );

  const learner: Transport = createTransport({ baseUrl: `${server.url}/xinao/api` });
  const me = await learner.call(accounts.loginByPwd, {
    body: { username: DEMO_ACCOUNTS.student.username, password: DEFAULT_SEED_PASSWORD },
  });
  // The learner answered every third question: right twice out of three.
  await db.query(
    `INSERT INTO member_questions (member_id, question_id, kind, status, verdict, source)
       SELECT $1, q, 'submit', 'done', CASE WHEN ord % 9 = 0 THEN 'WA' ELSE 'AC' END, '01'
         FROM unnest($2::int[]) WITH ORDINALITY AS t(q, ord) WHERE ord % 3 = 0`,
    [me.id, ids],
  );

  const rows = [
    [
      'paged course list (baseline, 20 rows)',
      await timed(ROUNDS, () => learner.call(course['course.queryList'], { body: {} })),
    ],
    [
      'course with progress (course/queryById)',
      await timed(ROUNDS, () =>
        learner.call(course['course.queryById'], { query: { id: courseId } }),
      ),
    ],
    [
      `units with progress and access (${UNITS} units)`,
      await timed(ROUNDS, () =>
        learner.call(course['course.queryChapterList'], { body: { id: courseId } }),
      ),
    ],
    [
      `one unit's questions with status (${PER_UNIT})`,
      await timed(ROUNDS, () =>
        learner.call(chapter['oj.chapter.queryQuestion'], {
          query: { page: 0, size: 200 },
          body: { id: chapterIds[0]! },
        }),
      ),
    ],
  ] as const;
  const base = percentile([...rows[0][1]], 50);
  console.log(
    `course detail: ${UNITS} units × ${PER_UNIT} questions, ${ROUNDS} rounds, one learner\n`,
  );
  console.log('| call | p50 ms | p95 ms | p50 vs list |');
  console.log('| --- | ---: | ---: | ---: |');
  for (const [name, ms] of rows) {
    const p50 = percentile([...ms], 50);
    console.log(
      `| ${name} | ${p50.toFixed(1)} | ${percentile([...ms], 95).toFixed(1)} | ${(p50 / base).toFixed(1)}× |`,
    );
  }
});
