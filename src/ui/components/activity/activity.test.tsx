// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityItem } from '../../../contract/activity/calls.ts';
import { initI18n } from '../../i18n/index.ts';
import type { RankingPage } from '../../app/activity-queries.ts';
import { ActivityFacts } from './ActivityFacts.tsx';
import { RankingTable } from './Ranking.tsx';

beforeAll(() => initI18n('zh-CN'));
afterEach(cleanup);

const contest: ActivityItem = {
  id: 1,
  title: '冬季热身赛',
  summary: '',
  description: '',
  kind: 'contest',
  organizationId: null,
  organizationName: null,
  state: 'published',
  reviewReason: null,
  startAt: '2026-11-01T00:00:00.000Z',
  endAt: '2026-11-29T00:00:00.000Z',
  stoppedAt: null,
  phase: 'running',
  priceFen: 1990,
  capacity: 100,
  seatsLeft: 7,
  showRanking: true,
  enrolledCount: 93,
  questionCount: 4,
  totalScore: 100,
  questionsOpen: false,
  questions: [],
  serverNow: '2026-11-27T00:00:00.000Z',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

const page = (rows: RankingPage['content']) => ({
  key: 'ranking',
  data: { content: rows, totalElements: rows.length, totalPages: 1, number: 0, size: 20 },
  error: undefined,
  isValidating: false,
  updatedAt: 1,
  errorCount: 0,
});

describe('the activity screens', () => {
  it('state the phase, kind, fee, places and the questions’ total', () => {
    render(<ActivityFacts activity={contest} />);
    const text = screen.getByTestId('activity-facts').textContent ?? '';
    for (const part of [
      '进行中',
      '竞赛',
      '¥19.90',
      '剩余 7 个名额',
      '已报名 93 人',
      '4 道题，满分 100',
    ]) {
      expect(text).toContain(part);
    }
  });

  it('shows shared ranks as the server gives them, and who has not completed', () => {
    const row = (rank: number, memberId: number, score: number, completed: boolean) => ({
      rank,
      memberId,
      memberName: `学员${memberId}`,
      organizationName: '示范校',
      enrollId: memberId,
      score,
      completed,
      finishedAt: completed ? '2026-11-02T00:00:00.000Z' : null,
    });
    render(
      <RankingTable
        state={page([
          row(1, 1, 100, true),
          row(2, 2, 80, true),
          row(2, 3, 80, true),
          row(4, 4, 50, false),
        ])}
        page={0}
        onPage={() => undefined}
      />,
    );
    const cells = [...screen.getByTestId('activity-ranking').querySelectorAll('tbody tr')].map(
      (tr) => tr.querySelector('td')?.textContent,
    );
    expect(cells).toEqual(['1', '2', '2', '4']);
    expect(screen.getByTestId('activity-ranking').textContent).toContain('未完成');
  });
});
