import { describe, expect, it } from 'vitest';
import {
  bodyOf,
  draftOf,
  emptyDraft,
  formatCaseList,
  optionsFor,
  parseCaseList,
  placeErrors,
  placesOf,
  splitTags,
  type StaffQuestion,
} from './question-draft.ts';

const stored: StaffQuestion = {
  id: 9,
  type: 'programming',
  title: '区间和',
  difficulty: 'medium',
  tags: ['前缀和', '入门'],
  source: 'NOIP',
  organizationId: 1,
  caseCount: 5,
  status: 'active',
  publication: 'published',
  seedKey: null,
  manageable: true,
  updatedAt: '2026-11-27T00:00:00.000Z',
  content: '题面',
  options: [],
  answer: '',
  analysis: '',
  timeLimitMs: 1500,
  memoryLimitMiB: 512,
  checker: { type: 'float', epsilon: 0.001, mode: 'absolute' },
  scoring: { mode: 'subtasks' },
  subtasks: [
    { cases: [1, 2, 3], score: 40, mode: 'min' },
    { cases: [4, 5], score: 60, mode: 'sum' },
  ],
  samples: [{ input: '3\n', output: '6\n' }],
  checkerSource: null,
  io: { mode: 'file', input: 'sum.in', output: 'sum.out' },
  interactive: false,
  interactorSource: null,
  referenceSolutions: { python: 'print(1)' },
  priceFen: 150,
  rightCode: 'vip-code',
  dataVersion: 'x',
  createdAt: '2026-11-27T00:00:00.000Z',
};

describe('the question form', () => {
  it('reads case lists as numbers and ranges, and writes them back the same way', () => {
    expect(parseCaseList('1-3, 5')).toEqual([1, 2, 3, 5]);
    expect(parseCaseList('1，2  4~5')).toEqual([1, 2, 4, 5]);
    expect(parseCaseList('')).toBeNull();
    expect(parseCaseList('3-1')).toBeNull();
    expect(parseCaseList('0')).toBeNull();
    expect(parseCaseList('a')).toBeNull();
    expect(formatCaseList([1, 2, 3, 5])).toBe('1-3, 5');
    expect(formatCaseList([1, 2, 4, 5])).toBe('1, 2, 4, 5');
    expect(formatCaseList([7])).toBe('7');
  });

  it('gives back the stored question unchanged when nothing was edited', () => {
    const answer = bodyOf(draftOf(stored), stored);
    expect('body' in answer && answer.body).toEqual({
      id: 9,
      type: 'programming',
      title: '区间和',
      content: '题面',
      difficulty: 'medium',
      tags: ['前缀和', '入门'],
      source: 'NOIP',
      priceFen: 150,
      rightCode: 'vip-code',
      timeLimitMs: 1500,
      memoryLimitMiB: 512,
      checker: { type: 'float', epsilon: 0.001, mode: 'absolute' },
      checkerSource: null,
      scoring: { mode: 'subtasks' },
      subtasks: stored.subtasks,
      samples: stored.samples,
      referenceSolutions: { python: 'print(1)' },
      io: { mode: 'file', input: 'sum.in', output: 'sum.out' },
      interactive: false,
      interactorSource: null,
    });
  });

  it('names the field that does not parse', () => {
    const draft = draftOf(stored);
    expect(bodyOf({ ...draft, timeLimitMs: '1.5' }, stored)).toEqual({
      field: 'timeLimitMs',
      problem: 'integer',
    });
    expect(bodyOf({ ...draft, epsilon: '-1' }, stored)).toEqual({
      field: 'checker.epsilon',
      problem: 'epsilon',
    });
    expect(
      bodyOf({ ...draft, subtasks: [{ cases: '1-', score: '10', mode: 'min' }] }, stored),
    ).toEqual({ field: 'subtasks.0.cases', problem: 'caseList' });
    expect(bodyOf({ ...draft, price: '1.234' }, stored)).toEqual({
      field: 'priceFen',
      problem: 'price',
    });
  });

  it('sends the interactor only for an interactive question and the checker source only when compiled', () => {
    const draft = {
      ...emptyDraft(),
      title: 't',
      checkerSource: 'kept in the box',
      interactorSource: 'int main(){}',
    };
    const plain = bodyOf(draft, null);
    expect('body' in plain && plain.body).toMatchObject({
      checkerSource: null,
      interactive: false,
      interactorSource: null,
      io: { mode: 'stdio' },
      subtasks: null,
    });
    const talk = bodyOf({ ...draft, interactive: true, checkerType: 'testlib' }, null);
    expect('body' in talk && talk.body).toMatchObject({
      checker: { type: 'testlib' },
      checkerSource: 'kept in the box',
      interactive: true,
      interactorSource: 'int main(){}',
    });
  });

  it('keeps typed options across choice kinds; true/false has its two', () => {
    const typed = [
      { text: 'x', correct: false },
      { text: 'y', correct: true },
    ];
    expect(optionsFor('multiple', typed)).toHaveLength(4);
    expect(optionsFor('multiple', typed)[1]).toEqual({ text: 'y', correct: true });
    expect(optionsFor('judge', typed)).toEqual([
      { text: '正确', correct: false },
      { text: '错误', correct: true },
    ]);
    expect(optionsFor('programming', typed)).toEqual([]);
    expect(splitTags('a, b，c 、a')).toEqual(['a', 'b', 'c']);
  });

  it('puts each refusal at the most specific place shown, and the rest above the form', () => {
    const draft = draftOf(stored);
    const placed = placeErrors(
      [
        { field: 'io.input', message: '文件名不对' },
        { field: 'subtasks.1.score', message: '分值太大' },
        { field: 'samples.0.input', message: '太长' },
        { field: 'samples.0.output', message: '也太长' },
        { field: 'checkerSource', message: '不该出现' },
        { field: 'title', message: '不能为空' },
      ],
      placesOf(draft),
    );
    expect(placed.at('io.input')).toBe('文件名不对');
    expect(placed.at('io')).toBeNull();
    expect(placed.at('subtasks.1.score')).toBe('分值太大');
    expect(placed.at('samples.0')).toBe('太长');
    expect(placed.at('samples.0.output')).toBe('也太长');
    expect(placed.at('title')).toBe('不能为空');
    // The float checker shows no source box, so that refusal is listed above the form.
    expect(placed.unplaced).toEqual([{ field: 'checkerSource', message: '不该出现' }]);
  });
});
