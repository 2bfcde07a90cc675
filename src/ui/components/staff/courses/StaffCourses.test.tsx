// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  cleanup,
  fireEvent,
  render,
  screen,
  waitFor as waitForDom,
  within,
} from '@testing-library/react';
import { waitFor } from 'xstate';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { accounts } from '../../../../contract/accounts/calls.ts';
import { chapter } from '../../../../contract/chapter/calls.ts';
import { course } from '../../../../contract/course/calls.ts';
import { dict } from '../../../../contract/dict/calls.ts';
import { ErrorCode } from '../../../../contract/errors.ts';
import { membership } from '../../../../contract/membership/calls.ts';
import type { StaffChapterPage, StaffCourse } from '../../../app/course-staff-queries.ts';
import { answer, api, failure, success } from '../../../test/fake-api.ts';
import { demoTeacher as teacher } from '../../../test/fixtures.ts';
import { createTestRuntime, withRuntime } from '../../../test/test-runtime.tsx';
import { StaffChapters } from './StaffChapters.tsx';
import { StaffCourses } from './StaffCourses.tsx';

beforeAll(() => api.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  api.resetHandlers();
});
afterAll(() => api.close());

const empty = { content: [], totalElements: 0, totalPages: 0, number: 0, size: 20 };
const pageOf = <T,>(content: T[]) => ({
  content,
  totalElements: content.length,
  totalPages: 1,
  number: 0,
  size: 20,
});

const courseRow = (id: number, title: string, extra: Partial<StaffCourse> = {}): StaffCourse => ({
  id,
  organizationId: 1,
  organizationName: '示范校',
  title,
  summary: '',
  cover: null,
  coverUrl: null,
  tags: [],
  level: null,
  campLevel: null,
  published: true,
  review: 'passed',
  reviewReason: null,
  sort: 0,
  unitCount: 0,
  questionCount: 0,
  solvedCount: 0,
  manageable: true,
  updatedAt: '2026-11-27T08:00:00.000Z',
  ...extra,
});

type ChapterRow = StaffChapterPage['content'][number];
const chapterRow = (id: number, title: string, extra: Partial<ChapterRow> = {}): ChapterRow => ({
  id,
  organizationId: 1,
  title,
  sort: 0,
  questionCount: 0,
  priceFen: 0,
  status: 'active',
  manageable: true,
  updatedAt: '2026-11-27T08:00:00.000Z',
  ...extra,
});

/** One of the edms screens, as a teacher of 示范校. */
async function showScreen(element: React.ReactElement) {
  answer(accounts.queryCurrent, () => success(teacher));
  answer(accounts['oj.member.queryMineTeacherList'], () => success([]));
  answer(membership['oj.memberMembership.queryList'], () => success({ ...empty, size: 100 }));
  answer(dict['dict.queryByValue'], () => success({ itemList: [] }));
  const runtime = createTestRuntime();
  runtime.start();
  await waitFor(runtime.actors.startup, (s) => s.matches({ session: 'ready' }));
  const router = createMemoryRouter([{ path: '/manage/courses', element }], {
    initialEntries: ['/manage/courses'],
  });
  render(withRuntime(runtime, <RouterProvider router={router} />));
  return runtime;
}

describe('the staff course list', () => {
  it('offers what the server says the teacher manages, and only reading on the others', async () => {
    answer(course['edms.course.queryList'], () =>
      success(
        pageOf([
          courseRow(1, '公开的入门课', {
            organizationId: null,
            organizationName: null,
            manageable: false,
          }),
          // Another organization's course the platform passed for everyone: listed, not theirs.
          courseRow(2, '星火的公开课', {
            organizationId: 2,
            organizationName: '星火信奥工作室',
            manageable: false,
          }),
          courseRow(3, '本校的课'),
        ]),
      ),
    );
    await showScreen(<StaffCourses area="edms" />);
    expect(await screen.findByText('本校的课')).toBeDefined();
    const [platformRow, otherRow, ownRow] = screen.getAllByTestId('staff-course');
    expect(within(platformRow!).getByTestId('course-read-only').textContent).toBe(
      '仅查看：由平台管理',
    );
    expect(within(otherRow!).getByTestId('course-read-only').textContent).toBe(
      '仅查看：由星火信奥工作室管理',
    );
    for (const row of [platformRow!, otherRow!]) {
      expect(within(row).queryByText('编辑')).toBeNull();
      expect(within(row).queryByText('删除')).toBeNull();
      expect(within(row).queryByTestId('course-units-edit')).toBeNull();
      // Previewing as a learner is reading: still offered.
      expect(within(row).getByText('以学员视角预览')).toBeDefined();
    }
    expect(within(ownRow!).queryByTestId('course-read-only')).toBeNull();
    expect(within(ownRow!).getByText('编辑')).toBeDefined();
    expect(within(ownRow!).getByTestId('course-units-edit')).toBeDefined();
  }, 20_000);

  it('shows a refused delete in the row whose button was pressed', async () => {
    answer(course['edms.course.queryList'], () =>
      success(pageOf([courseRow(3, '本校的课'), courseRow(4, '被班级跟随的课')])),
    );
    answer(course['edms.course.delete'], () =>
      failure(ErrorCode.CONFLICT, '班级「周六班」正在跟随这门课程，请先为该班级解除课程', 409),
    );
    await showScreen(<StaffCourses area="edms" />);
    expect(await screen.findByText('被班级跟随的课')).toBeDefined();
    const [first, second] = screen.getAllByTestId('staff-course');
    fireEvent.click(within(second!).getByText('删除'));
    await waitForDom(() =>
      expect(within(second!).getByTestId('staff-edit-outcome').textContent).toBe(
        '班级「周六班」正在跟随这门课程，请先为该班级解除课程',
      ),
    );
    expect(within(first!).queryByTestId('staff-edit-outcome')).toBeNull();
  }, 20_000);
});

describe('the staff chapter list', () => {
  it('offers edits on the chapters the server says the teacher manages only', async () => {
    answer(chapter['edms.chapter.queryList'], () =>
      success(
        pageOf([
          chapterRow(1, '顺序结构', { organizationId: null, manageable: false }),
          chapterRow(2, '本校的单元'),
        ]),
      ),
    );
    await showScreen(<StaffChapters area="edms" />);
    expect(await screen.findByText('本校的单元')).toBeDefined();
    const platformRow = screen.getByText('顺序结构').closest('tr')!;
    const ownRow = screen.getByText('本校的单元').closest('tr')!;
    expect(within(platformRow).getByText('平台章节（只读）')).toBeDefined();
    expect(within(platformRow).queryByText('编辑')).toBeNull();
    expect(within(platformRow).queryByTestId('chapter-questions-edit')).toBeNull();
    expect(within(ownRow).getByText('编辑')).toBeDefined();
    expect(within(ownRow).getByTestId('chapter-questions-edit')).toBeDefined();
  }, 20_000);
});
