/**
 * What the practice machine (./machine.ts) holds and hears, and what its provided actors take
 * and answer: its context, input and events, the question, draft, job, history and quota shapes,
 * with the small checks on them. Apart from the machine so that the screens, the implementations
 * and the objective practice machine (../objective-practice/machine.ts) that share these shapes
 * name them without loading the statechart.
 */
import type {
  AnswerDetail,
  AnswerSummary,
  StatusEvent,
} from '../../contract/member-question/calls.ts';
import type {
  QuestionDifficulty,
  QuestionIo,
  QuestionType,
} from '../../contract/question/common.ts';

export type PracticeLanguage = 'cpp' | 'python';
export const PRACTICE_LANGUAGES: readonly PracticeLanguage[] = ['cpp', 'python'];

export interface PracticeOption {
  label: string;
  text: string;
}

export interface PracticeQuestion {
  id: number;
  type: QuestionType;
  title: string;
  /** easy, medium, hard or extreme (docs/product-rules.md#answers-and-labels). */
  difficulty: QuestionDifficulty;
  content: string;
  samples: { input: string; output: string }[];
  timeLimitMs: number | null;
  memoryLimitMiB: number | null;
  /**
   * How the program reads and writes (issue 14): standard streams, or the named files. Absent
   * where the question comes from elsewhere (an exam or homework paper), which means stdio.
   */
  io?: QuestionIo;
  /** 交互题: the program talks to an interactor and must flush after each output. */
  interactive?: boolean;
  /** Objective questions: the options A–D (a true/false question has two). */
  options: PracticeOption[];
  /**
   * Present while the question is paid and the learner has not opened it: what it costs and
   * the card right that would open it. The statement, options and samples are then empty.
   */
  locked?: { priceFen: number; rightName: string | null };
}

export const isObjectiveQuestion = (question: Pick<PracticeQuestion, 'type'>): boolean =>
  question.type !== 'programming';

export interface PracticeDraft {
  source: string;
  input: string | null;
  /** The draft's language (the judge's id; cpp14/cpp20 drafts may exist from other clients). */
  language?: string;
}

export interface DraftKey {
  /** null in the playground, which has no question. */
  questionId: number | null;
  /** null: the latest draft of any language (the first load of a question). */
  language: PracticeLanguage | null;
}

export interface JobRequest {
  questionId: number | null;
  language: PracticeLanguage;
  source: string;
  input: string;
}

/**
 * A graded answer in the history. Homework's history also says which came after the due time
 * (补交) and, for an objective question, the options chosen.
 */
export type HistoryItem = AnswerSummary & { late?: boolean; answer?: string | null };

/** One page of the member's graded answers of a question (the history panel). */
export interface HistoryPage {
  items: HistoryItem[];
  /** 0-based. */
  page: number;
  totalPages: number;
  totalElements: number;
}

export interface HistoryRequest {
  questionId: number;
  page: number;
}

export const emptyHistory: HistoryPage = { items: [], page: 0, totalPages: 0, totalElements: 0 };

/** Today's submissions: used, and the limit (null: no limit, e.g. with a vip card). */
export interface PracticeQuota {
  used: number;
  limit: number | null;
}

/**
 * How SUBMIT answers a question: a first-attempt submission, or a correction (订正) of a question
 * the member failed, recorded apart (docs/decisions/questions-and-practice.md "Daily quotas and
 * 订正").
 */
export type SubmitMode = 'submit' | 'review';
export const SUBMIT_MODES: readonly SubmitMode[] = ['submit', 'review'];

/** The screen's address names the mode as ?mode=review; anything else is a plain submission. */
export const submitModeOf = (value: string | null | undefined): SubmitMode =>
  value === 'review' ? 'review' : 'submit';

export type JobKind = 'debug' | SubmitMode;

/** A job whose answer is graded (per-case table, score, history entry), not a custom run. */
export const isGradedJob = (kind: JobKind | null): boolean =>
  kind === 'submit' || kind === 'review';

export interface PracticeContext {
  /** null in the playground: no statement, no submissions, runs only. */
  questionId: number | null;
  /** What SUBMIT does: submit, or correct (订正) through reviewSubmit. */
  mode: SubmitMode;
  language: PracticeLanguage;
  question: PracticeQuestion | null;
  questionError: string | null;
  source: string;
  input: string;
  /** A language chosen while edits were unsaved: switched to once they are saved. */
  pendingLanguage: PracticeLanguage | null;
  draftSavedAt: string | null;
  jobKind: JobKind | null;
  /** The answer being followed, and its latest status. */
  answerId: number | null;
  progress: StatusEvent | null;
  result: AnswerDetail | null;
  jobError: string | null;
  history: HistoryPage;
  /** Ask for the latest draft of any language on the next draft load (see DraftKey). */
  restoreLanguage: boolean;
  quota: PracticeQuota | null;
}

export interface PracticeInput {
  questionId: number | null;
  /** Omitted on a question: the language of the latest draft, else C++. */
  language?: PracticeLanguage;
  /** Omitted: plain submissions. */
  mode?: SubmitMode;
}

export type PracticeEvent =
  | { type: 'EDIT'; source: string }
  | { type: 'EDIT_INPUT'; input: string }
  | { type: 'LANGUAGE'; language: PracticeLanguage }
  | { type: 'RUN'; input?: string }
  | { type: 'SUBMIT' }
  /** The screen switched between submitting and correcting (订正); the next SUBMIT follows it. */
  | { type: 'MODE'; mode: SubmitMode }
  | { type: 'RETRY' }
  /** The statement may read differently now (the learner bought the question): load it again. */
  | { type: 'RELOAD' }
  | { type: 'ANSWER.PROGRESS'; status: StatusEvent }
  | { type: 'ANSWER.FINISHED'; detail: AnswerDetail }
  | { type: 'ANSWER.LOST'; message: string }
  /** Raised after each submission attempt: the quota figure may have changed. */
  | { type: 'QUOTA.STALE' }
  /** Another page of the history (0-based). */
  | { type: 'HISTORY.PAGE'; page: number };

export interface FollowInput {
  id: number;
}

/** A language the practice screen offers (an event or an address may name any). */
export const isPracticeLanguage = (value: unknown): value is PracticeLanguage =>
  (PRACTICE_LANGUAGES as readonly unknown[]).includes(value);

/** A 0-based page a HISTORY.PAGE event may ask for. */
export const isPageNumber = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= 0;

/** A mode SUBMIT knows (the input and MODE events may carry anything). */
export const isSubmitMode = (value: unknown): value is SubmitMode =>
  (SUBMIT_MODES as readonly unknown[]).includes(value);
