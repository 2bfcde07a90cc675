// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor as waitForDom } from '@testing-library/react';
import { accounts } from '../../contract/accounts/calls.ts';
import { ErrorCode } from '../../contract/errors.ts';
import { exam } from '../../contract/exam/calls.ts';
import type { ReportAnswer } from '../../contract/exam/sittings.ts';
import { membership } from '../../contract/membership/calls.ts';
import { answer, failure, success } from '../test/fake-api.ts';
import { renderScreen, serveFakeApi } from '../test/test-runtime.tsx';
import { demoStudent } from '../test/fixtures.ts';
import ExamReportEnrollPage from './ExamReportEnroll.tsx';

serveFakeApi();

const at = '2026-11-27T00:00:00.000Z';
const judging: ReportAnswer = {
  status: 'judging',
  id: 7,
  examId: 3,
  examName: '信奥入门模拟考',
  state: 'judging',
  completedAt: at,
};
const ready: ReportAnswer = {
  status: 'ready',
  id: 7,
  examId: 3,
  examName: '信奥入门模拟考',
  examPaperId: 2,
  examPaperName: '信奥入门模拟卷',
  enrollId: 5,
  memberId: 11,
  memberName: '演示学生',
  state: 'reported',
  startedAt: at,
  deadline: at,
  completedAt: at,
  completedBy: 'member',
  score: 40,
  maxScore: 100,
  rank: 1,
  rankOf: 3,
  usedSeconds: 125,
  questionCount: 0,
  answeredCount: 0,
  signalCount: 0,
  serverNow: at,
  questions: [],
};

/** The report screen with the report call answering `respond`; counts the calls. */
async function open(respond: (call: number) => Response) {
  const calls = { count: 0 };
  answer(accounts.queryCurrent, () => success(demoStudent));
  answer(accounts['oj.member.queryMineTeacherList'], () => success([]));
  answer(membership['oj.memberMembership.queryList'], () =>
    success({ content: [], totalElements: 0, totalPages: 0, number: 0, size: 100 }),
  );
  answer(exam['oj.examPaperEnroll.report'], () => respond(++calls.count));
  await renderScreen(<ExamReportEnrollPage />, {
    path: '/exam/report/enroll',
    at: '/exam/report/enroll?id=7',
  });
  return calls;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the exam report screen', () => {
  it('shows "judging" and asks again until the report is out, then stops asking', async () => {
    const calls = await open((n) => success(n < 3 ? judging : ready));
    const pending = await screen.findByTestId('exam-report-pending');
    expect(pending.getAttribute('data-status')).toBe('judging');
    expect(pending.textContent).toContain('答卷评测中');
    await waitForDom(
      () => expect(screen.getByTestId('exam-report-score').textContent).toBe('40 / 100'),
      { timeout: 10_000 },
    );
    expect(screen.queryByTestId('exam-report-pending')).toBeNull();
    const seen = calls.count;
    expect(seen).toBe(3);
    await pause(2_500);
    expect(calls.count).toBe(seen);
  }, 20_000);

  it('shows a paper waiting for publication without asking again', async () => {
    const calls = await open(() =>
      success({ ...judging, status: 'unpublished', state: 'settled' }),
    );
    const pending = await screen.findByTestId('exam-report-pending');
    expect(pending.getAttribute('data-status')).toBe('unpublished');
    expect(pending.textContent).toContain('成绩待老师公布');
    await pause(2_500);
    expect(calls.count).toBe(1);
  }, 20_000);

  it('shows a refusal as a failure, without asking again', async () => {
    const calls = await open(() => failure(ErrorCode.CONFLICT, '考试进行中，交卷后才有成绩', 409));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('考试进行中，交卷后才有成绩');
    expect(screen.queryByTestId('exam-report-pending')).toBeNull();
    await pause(2_500);
    expect(calls.count).toBe(1);
  }, 20_000);
});
