// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor as waitForDom, within } from '@testing-library/react';
import { waitFor } from 'xstate';
import { accounts } from '../../../../contract/accounts/calls.ts';
import { chapter } from '../../../../contract/chapter/calls.ts';
import { ErrorCode } from '../../../../contract/errors.ts';
import { membership } from '../../../../contract/membership/calls.ts';
import { question } from '../../../../contract/question/calls.ts';
import { answer, failure, success } from '../../../test/fake-api.ts';
import { demoTeacher as teacher } from '../../../test/fixtures.ts';
import { createTestRuntime, serveFakeApi, withRuntime } from '../../../test/test-runtime.tsx';
import { ChapterQuestionsEditor } from './ChapterQuestionsEditor.tsx';

serveFakeApi();

const pageOf = <T,>(content: T[]) => ({
  content,
  totalElements: content.length,
  totalPages: 1,
  number: 0,
  size: 20,
});
const line = (id: number, title: string) => ({ id, title, type: 'programming', position: id });

/** The editor of chapter 7's questions, as a teacher of 示范校. */
async function openEditor(onClose: () => void) {
  answer(accounts.queryCurrent, () => success(teacher));
  answer(accounts['oj.member.queryMineTeacherList'], () => success([]));
  answer(membership['oj.memberMembership.queryList'], () => success(pageOf([])));
  answer(chapter['edms.chapter.queryQuestionList'], () =>
    success(pageOf([line(1, 'A+B 问题'), line(2, '数字三角形')])),
  );
  answer(question['edms.question.queryList'], () => success(pageOf([line(5, '最短路')])));
  const runtime = createTestRuntime();
  runtime.start();
  await waitFor(runtime.actors.startup, (s) => s.matches({ session: 'ready' }));
  render(
    withRuntime(
      runtime,
      <ChapterQuestionsEditor area="edms" chapter={{ id: 7, title: '第一章' }} onClose={onClose} />,
    ),
  );
  return runtime;
}

describe('a unit’s questions editor', () => {
  it('starts from the saved questions, adds and removes, saves them in order and closes', async () => {
    answer(chapter['edms.chapter.updateQuestions'], () => success({ id: 7, questionIds: [2, 5] }));
    const onClose = vi.fn();
    const runtime = await openEditor(onClose);
    const lines = await screen.findByTestId('chapter-question-lines');
    await waitForDom(() => expect(within(lines).getAllByTestId('sortable-row')).toHaveLength(2));
    fireEvent.click(within(lines).getByRole('button', { name: '移除「A+B 问题」' }));
    const bank = await screen.findByTestId('chapter-bank-questions');
    fireEvent.click(await within(bank).findByRole('button', { name: '加入' }));
    fireEvent.click(screen.getByTestId('chapter-questions-save'));
    await waitForDom(() => expect(onClose).toHaveBeenCalled());
    expect(runtime.actors.staffEdit.getSnapshot().context.last).toEqual({
      call: 'edms.chapter.updateQuestions',
      body: { id: 7, questionIds: [2, 5] },
    });
  }, 20_000);

  it('shows the questions the server refused and stays open', async () => {
    answer(chapter['edms.chapter.updateQuestions'], () =>
      failure(ErrorCode.VALIDATION, '参数校验失败', 400, {
        fields: [{ field: 'body.questionIds.1', message: '题目 数字三角形 不能加入本章节' }],
      }),
    );
    const onClose = vi.fn();
    await openEditor(onClose);
    const lines = await screen.findByTestId('chapter-question-lines');
    await waitForDom(() => expect(within(lines).getAllByTestId('sortable-row')).toHaveLength(2));
    fireEvent.click(screen.getByTestId('chapter-questions-save'));
    expect((await screen.findByRole('alert')).textContent).toBe('题目 数字三角形 不能加入本章节');
    expect(onClose).not.toHaveBeenCalled();
  }, 20_000);
});
