/**
 * The question editor's form (issue 14): a question as the staff type it (text in every box),
 * and the conversions between it and the bank's calls. Parsing is the form's (a number that is
 * not one, a case list that is not a list); every rule of the bank itself (limits required,
 * a compiled checker needs its source, an interactive question its interactor, …) is the
 * server's, whose refusals name the field and are shown beside it (placeErrors).
 */
import type { CallResult } from '../../../../contract/call.ts';
import type { question as questionApi } from '../../../../contract/question/refs.ts';
import type { FieldError } from '../../../../machines/errors.ts';
import type { StaffWriteBody } from '../../../../machines/staff-edit/machine.ts';
import { formatFen, parseYuan } from '../../../format.ts';
import { MAX_PRICE_FEN } from '../../../../contract/money.ts';

export type StaffQuestion = CallResult<(typeof questionApi)['bms.question.queryById']>;
export type QuestionKind = StaffQuestion['type'];
export type Difficulty = StaffQuestion['difficulty'];
export type CheckerType = StaffQuestion['checker']['type'];
export type FloatMode = 'absolute' | 'relative' | 'either';

export const QUESTION_KINDS = ['programming', 'single', 'multiple', 'judge'] as const;
export const DIFFICULTY_LEVELS = ['easy', 'medium', 'hard', 'extreme'] as const;
export const CHECKER_TYPES = ['default', 'strict', 'float', 'testlib', 'hustoj', 'qduoj'] as const;
export const FLOAT_MODES = ['either', 'absolute', 'relative'] as const;
/** Checkers compiled from the question's checker source (problem-format.ts COMPILED_CHECKERS). */
export const needsCheckerSource = (type: CheckerType): type is 'testlib' | 'hustoj' | 'qduoj' =>
  type === 'testlib' || type === 'hustoj' || type === 'qduoj';

const LABELS = ['A', 'B', 'C', 'D'] as const;

export interface DraftOption {
  text: string;
  correct: boolean;
}
export interface DraftSubtask {
  /** Case numbers as typed: "1-3, 5". */
  cases: string;
  score: string;
  mode: 'min' | 'sum';
}
export interface DraftSample {
  input: string;
  output: string;
}

export interface QuestionDraft {
  type: QuestionKind;
  title: string;
  content: string;
  difficulty: Difficulty;
  /** Tags separated by commas (，or ,) or spaces. */
  tags: string;
  source: string;
  price: string;
  options: DraftOption[];
  analysis: string;
  timeLimitMs: string;
  memoryLimitMiB: string;
  checkerType: CheckerType;
  epsilon: string;
  floatMode: FloatMode;
  checkerSource: string;
  scoring: 'sum' | 'subtasks';
  subtasks: DraftSubtask[];
  samples: DraftSample[];
  cpp: string;
  python: string;
  ioMode: 'stdio' | 'file';
  inputFile: string;
  outputFile: string;
  interactive: boolean;
  interactorSource: string;
}

/** A fresh question of a kind; a true/false question has its two fixed options. */
export function emptyDraft(type: QuestionKind = 'programming'): QuestionDraft {
  return {
    type,
    title: '',
    content: '',
    difficulty: 'easy',
    tags: '',
    source: '',
    price: formatFen(0),
    options: optionsFor(type, []),
    analysis: '',
    timeLimitMs: type === 'programming' ? '1000' : '',
    memoryLimitMiB: type === 'programming' ? '256' : '',
    checkerType: 'default',
    epsilon: '1e-6',
    floatMode: 'either',
    checkerSource: '',
    scoring: 'sum',
    subtasks: [],
    samples: [],
    cpp: '',
    python: '',
    ioMode: 'stdio',
    inputFile: '',
    outputFile: '',
    interactive: false,
    interactorSource: '',
  };
}

/**
 * The options a kind starts with, keeping what was typed: a true/false question has exactly
 * 正确 and 错误; a choice question at least two and at most four.
 */
export function optionsFor(type: QuestionKind, current: DraftOption[]): DraftOption[] {
  if (type === 'programming') return [];
  if (type === 'judge') {
    const correct = current[1]?.correct === true ? 1 : 0;
    return [
      { text: '正确', correct: correct === 0 },
      { text: '错误', correct: correct === 1 },
    ];
  }
  const kept = current.slice(0, 4);
  while (kept.length < 4) kept.push({ text: '', correct: false });
  return kept;
}

/** A stored question as the form shows it. */
export function draftOf(q: StaffQuestion): QuestionDraft {
  const checker = q.checker;
  return {
    type: q.type,
    title: q.title,
    content: q.content,
    difficulty: q.difficulty,
    tags: q.tags.join(', '),
    source: q.source,
    price: formatFen(q.priceFen),
    options: q.options.map((o, i) => ({ text: o.text, correct: q.answer[i] === '1' })),
    analysis: q.analysis,
    timeLimitMs: q.timeLimitMs === null ? '' : String(q.timeLimitMs),
    memoryLimitMiB: q.memoryLimitMiB === null ? '' : String(q.memoryLimitMiB),
    checkerType: checker.type,
    epsilon: checker.type === 'float' ? String(checker.epsilon) : '1e-6',
    floatMode: checker.type === 'float' ? checker.mode : 'either',
    checkerSource: q.checkerSource ?? '',
    scoring: q.scoring.mode,
    subtasks: (q.subtasks ?? []).map((s) => ({
      cases: formatCaseList(s.cases),
      score: String(s.score),
      mode: s.mode,
    })),
    samples: q.samples.map((s) => ({ input: s.input, output: s.output })),
    cpp: q.referenceSolutions.cpp ?? '',
    python: q.referenceSolutions.python ?? '',
    ioMode: q.io.mode,
    inputFile: q.io.mode === 'file' ? q.io.input : '',
    outputFile: q.io.mode === 'file' ? q.io.output : '',
    interactive: q.interactive,
    interactorSource: q.interactorSource ?? '',
  };
}

/** "1-3, 5" → [1, 2, 3, 5]; null when it is not such a list. */
export function parseCaseList(text: string): number[] | null {
  const parts = text
    .split(/[,，\s]+/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (parts.length === 0) return null;
  const cases: number[] = [];
  for (const part of parts) {
    const range = /^(\d{1,5})(?:\s*[-–~]\s*(\d{1,5}))?$/.exec(part);
    if (!range) return null;
    const from = Number(range[1]);
    const to = range[2] === undefined ? from : Number(range[2]);
    if (from < 1 || to < from || to - from >= 10_000) return null;
    for (let n = from; n <= to; n += 1) cases.push(n);
  }
  return cases;
}

/** [1, 2, 3, 5] → "1-3, 5". */
export function formatCaseList(cases: readonly number[]): string {
  const parts: string[] = [];
  let i = 0;
  while (i < cases.length) {
    let j = i;
    while (j + 1 < cases.length && cases[j + 1] === cases[j]! + 1) j += 1;
    parts.push(j > i + 1 ? `${cases[i]}-${cases[j]}` : cases.slice(i, j + 1).join(', '));
    i = j + 1;
  }
  return parts.join(', ');
}

export type DraftProblem = { field: string; problem: DraftProblemKind };

/** The body the editor sends: create's, or update's with the stored question's id. */
export type QuestionBody = StaffWriteBody<'bms.question.create' | 'bms.question.update'>;
export type DraftProblemKind = 'integer' | 'epsilon' | 'price' | 'caseList' | 'score';

const positiveInteger = (text: string): number | null => {
  const t = text.trim();
  return /^\d{1,7}$/.test(t) && Number(t) > 0 ? Number(t) : null;
};

/**
 * The form as the body of create (no id) or update (the stored question's id and the fields the
 * form does not show, kept as stored), or the first field that does not parse.
 */
export function bodyOf(
  draft: QuestionDraft,
  stored: StaffQuestion | null,
): { body: QuestionBody } | DraftProblem {
  const priceFen = parseYuan(draft.price, 0, MAX_PRICE_FEN);
  if (priceFen === null) return { field: 'priceFen', problem: 'price' };
  const common = {
    ...(stored ? { id: stored.id } : {}),
    type: draft.type,
    title: draft.title,
    content: draft.content,
    difficulty: draft.difficulty,
    tags: splitTags(draft.tags),
    source: draft.source.trim(),
    priceFen,
    // Not on this form: which card right opens the question stays as stored.
    rightCode: stored?.rightCode ?? null,
  };
  if (draft.type !== 'programming') {
    return {
      body: {
        ...common,
        options: draft.options.flatMap((o, i) => {
          // The form offers at most four options (LABELS).
          const label = LABELS[i];
          return label ? [{ label, text: o.text }] : [];
        }),
        answer: draft.options.map((o) => (o.correct ? '1' : '0')).join(''),
        analysis: draft.analysis,
      },
    };
  }
  const timeLimitMs = positiveInteger(draft.timeLimitMs);
  if (timeLimitMs === null) return { field: 'timeLimitMs', problem: 'integer' };
  const memoryLimitMiB = positiveInteger(draft.memoryLimitMiB);
  if (memoryLimitMiB === null) return { field: 'memoryLimitMiB', problem: 'integer' };
  let checker: QuestionBody['checker'] = { type: draft.checkerType };
  if (draft.checkerType === 'float') {
    const epsilon = Number(draft.epsilon.trim());
    if (draft.epsilon.trim() === '' || !Number.isFinite(epsilon) || epsilon <= 0) {
      return { field: 'checker.epsilon', problem: 'epsilon' };
    }
    checker = { type: 'float', epsilon, mode: draft.floatMode };
  }
  const subtasks: { cases: number[]; score: number; mode: 'min' | 'sum' }[] = [];
  if (draft.scoring === 'subtasks') {
    for (const [i, s] of draft.subtasks.entries()) {
      const cases = parseCaseList(s.cases);
      if (!cases) return { field: `subtasks.${i}.cases`, problem: 'caseList' };
      const score = Number(s.score.trim());
      if (s.score.trim() === '' || !Number.isFinite(score) || score < 0) {
        return { field: `subtasks.${i}.score`, problem: 'score' };
      }
      subtasks.push({ cases, score, mode: s.mode });
    }
  }
  const referenceSolutions: Partial<Record<'cpp' | 'python', string>> = {};
  if (draft.cpp.trim()) referenceSolutions.cpp = draft.cpp;
  if (draft.python.trim()) referenceSolutions.python = draft.python;
  return {
    body: {
      ...common,
      timeLimitMs,
      memoryLimitMiB,
      checker,
      checkerSource: needsCheckerSource(draft.checkerType) ? draft.checkerSource : null,
      scoring: { mode: draft.scoring },
      subtasks: draft.scoring === 'subtasks' ? subtasks : null,
      samples: draft.samples.map((s) => ({ input: s.input, output: s.output })),
      referenceSolutions,
      io:
        draft.ioMode === 'file'
          ? { mode: 'file', input: draft.inputFile.trim(), output: draft.outputFile.trim() }
          : { mode: 'stdio' },
      interactive: draft.interactive,
      interactorSource: draft.interactive ? draft.interactorSource : null,
    },
  };
}

export function splitTags(text: string): string[] {
  const seen = new Set<string>();
  for (const tag of text.split(/[,，、\s]+/)) {
    const t = tag.trim();
    if (t) seen.add(t);
  }
  return [...seen];
}

/**
 * The server's field refusals, each under the most specific place the form shows: `io.input`
 * beside the input file name, `samples.2.output` beside the third sample, `checker.epsilon`
 * beside the tolerance. Refusals the form has no place for (a field it does not show now) are
 * `unplaced`, shown above the form, so no refusal goes unseen.
 */
export function placeErrors(
  errors: readonly FieldError[],
  places: readonly string[],
): { at: (place: string) => string | null; unplaced: FieldError[] } {
  const byPlace = new Map<string, string[]>();
  const unplaced: FieldError[] = [];
  for (const error of errors) {
    let best: string | null = null;
    for (const place of places) {
      const matches = error.field === place || error.field.startsWith(`${place}.`);
      if (matches && (best === null || place.length > best.length)) best = place;
    }
    if (best === null) unplaced.push(error);
    else byPlace.set(best, [...(byPlace.get(best) ?? []), error.message]);
  }
  return {
    at: (place) => byPlace.get(place)?.join('；') ?? null,
    unplaced,
  };
}

/** Where the form shows a refusal, for the draft as it is now (exactly the places it draws). */
export function placesOf(draft: QuestionDraft): string[] {
  const common = ['type', 'title', 'content', 'difficulty', 'tags', 'source', 'priceFen'];
  if (draft.type !== 'programming') {
    return [
      ...common,
      'options',
      ...draft.options.map((_, i) => `options.${i}`),
      'answer',
      'analysis',
    ];
  }
  return [
    ...common,
    'timeLimitMs',
    'memoryLimitMiB',
    'io',
    ...(draft.ioMode === 'file' ? ['io.input', 'io.output'] : []),
    'interactive',
    ...(draft.interactive ? ['interactorSource'] : []),
    'checker',
    ...(draft.checkerType === 'float' ? ['checker.epsilon', 'checker.mode'] : []),
    ...(needsCheckerSource(draft.checkerType) ? ['checkerSource'] : []),
    'scoring',
    ...(draft.scoring === 'subtasks'
      ? [
          'subtasks',
          ...draft.subtasks.flatMap((_, i) => [
            `subtasks.${i}`,
            `subtasks.${i}.cases`,
            `subtasks.${i}.score`,
          ]),
        ]
      : []),
    'samples',
    ...draft.samples.flatMap((_, i) => [`samples.${i}`, `samples.${i}.output`]),
    'referenceSolutions.cpp',
    'referenceSolutions.python',
  ];
}
