/**
 * Status stream cost (issue 12 item 5): database reads per judged submission while 1 and 20
 * viewers follow it on memberQuestion/status. The platform runs in this process (one judge
 * worker) so the status hub's counters can be read. A Python A+B that sleeps 50 ms per case
 * gives the judge 11 progress changes to report.
 *
 * Baseline: before the hub read for everyone, each stream re-read the full answer row (source,
 * results) on every change: viewers × (changes + 1) full rows, from the same change count.
 *
 *   npx tsx bench/status-stream.ts
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { memberQuestion } from '../src/contract/member-question/calls.ts';
import { question as questionApi } from '../src/contract/question/calls.ts';
import { statusHubFor } from '../src/server/member-question/status-hub.ts';
import { loginAs } from '../tests/support/sessions.ts';
import { startTestPlatform } from '../tests/support/platform.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const solution = readFileSync(
  path.join(ROOT, 'seed/problems/01-a-plus-b/solutions/ref.py'),
  'utf8',
);
const slow = `import time\ntime.sleep(0.05)\n${solution}`;

const platform = await startTestPlatform({ judgeWorkers: 1 });
try {
  const { api } = await loginAs(platform, 'student');
  const list = await api.call(questionApi['oj.question.queryList'], {
    query: { size: 50 },
    body: { keyword: 'A+B' },
  });
  const questionId = list.content.find((q) => q.title === 'A+B 问题')!.id;
  const hub = statusHubFor(platform.pool);
  const rows: string[] = [];
  for (const viewers of [1, 20]) {
    const queued = await api.call(memberQuestion['memberQuestion.submitAnswer'], {
      body: { questionId, language: 'python', source: slow },
    });
    const reads = hub.reads;
    const notifications = hub.notifications;
    const streams = await Promise.all(
      Array.from({ length: viewers }, () =>
        api.stream(memberQuestion['memberQuestion.status'], { query: { id: queued.id } }),
      ),
    );
    const events = await Promise.all(
      streams.map(async (s) => (await s.text()).split('event: status').length - 1),
    );
    const changes = hub.notifications - notifications;
    rows.push(
      `| ${viewers} | ${Math.round(changes)} | ${hub.reads - reads} status rows | ` +
        `${viewers * (Math.round(changes) + 1)} full rows | ${Math.min(...events)}–${Math.max(...events)} |`,
    );
  }
  console.log('| viewers | changes | reads now | reads before (derived) | events per viewer |');
  console.log('|---|---|---|---|---|');
  for (const row of rows) console.log(row);
} finally {
  await platform.stop();
}
