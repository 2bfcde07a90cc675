/**
 * Where a learner's homework stands, read from what the server answered and a clock — pure, so
 * the list, the room and the report say the same thing and tests can fix the time. The server
 * decides what it takes (docs/classes.md "Time"): before startAt nothing, until dueAt on time,
 * until lateUntil late (补交), then nothing; settlement closes it for good. The room's clock only
 * moves the screen on between reads (a countdown reaching zero makes it read-only); a
 * submission the clock still allowed but the server refuses is refused with the server's word.
 */
import type { HomeworkEnrollItem } from '../../contract/homework/enroll.ts';
import { HOLDS_PLACE } from '../lifecycles/enrollment.ts';

/** The state column of /user/homework. */
export type HomeworkStatus =
  | 'notStarted'
  | 'inProgress'
  /** Every question answered, still open for better answers. */
  | 'submitted'
  /** Past the due time, inside the late window (补交). */
  | 'late'
  /** Past every deadline, waiting for the server's clock to settle it. */
  | 'closed'
  | 'settled'
  /** Excused from it (the enrollment was quit). */
  | 'quit';

type StatusFields = Pick<
  HomeworkEnrollItem,
  'state' | 'settledAt' | 'phase' | 'answeredCount' | 'questionCount'
>;

export function homeworkStatus(e: StatusFields): HomeworkStatus {
  if (!(HOLDS_PLACE as readonly string[]).includes(e.state)) return 'quit';
  if (e.settledAt !== null) return 'settled';
  if (e.phase === 'notStarted') return 'notStarted';
  if (e.phase === 'closed') return 'closed';
  if (e.questionCount > 0 && e.answeredCount >= e.questionCount) return 'submitted';
  return e.phase === 'late' ? 'late' : 'inProgress';
}

/** The homework's times, as the server gives them. */
export interface HomeworkWindow {
  startAt: string;
  dueAt: string;
  lateUntil: string | null;
  settledAt: string | null;
}

/** What the room allows now: work while open or late; otherwise it is read-only. */
export type RoomPhase = 'notStarted' | 'open' | 'late' | 'closed' | 'settled';

export function roomPhase(w: HomeworkWindow, nowMs: number): RoomPhase {
  if (w.settledAt !== null) return 'settled';
  if (nowMs < Date.parse(w.startAt)) return 'notStarted';
  if (nowMs < Date.parse(w.dueAt)) return 'open';
  if (w.lateUntil !== null && nowMs < Date.parse(w.lateUntil)) return 'late';
  return 'closed';
}

export const canWork = (phase: RoomPhase): boolean => phase === 'open' || phase === 'late';

/** The next moment the room changes, and what happens then (the countdown's target). */
export interface Deadline {
  kind: 'start' | 'due' | 'lateUntil';
  at: string;
}

export function nextDeadline(w: HomeworkWindow, nowMs: number): Deadline | null {
  switch (roomPhase(w, nowMs)) {
    case 'notStarted':
      return { kind: 'start', at: w.startAt };
    case 'open':
      return { kind: 'due', at: w.dueAt };
    case 'late':
      return { kind: 'lateUntil', at: w.lateUntil! };
    default:
      return null;
  }
}

/** Whole seconds from `nowMs` until `iso`, never negative. */
export const secondsUntil = (iso: string, nowMs: number): number =>
  Math.max(0, Math.ceil((Date.parse(iso) - nowMs) / 1000));

/** A countdown in days, hours, minutes and seconds. */
export function durationParts(seconds: number) {
  const s = Math.max(0, Math.floor(seconds));
  return {
    days: Math.floor(s / 86_400),
    hours: Math.floor((s % 86_400) / 3_600),
    minutes: Math.floor((s % 3_600) / 60),
    seconds: s % 60,
  };
}

/** How a question of the homework went so far, for the navigator and the report. */
export type QuestionMark = 'untried' | 'full' | 'partial' | 'wrong' | 'judging';

export function questionMark(q: {
  submissions: number;
  earned: number;
  maxScore: number;
  latestVerdict: string | null;
}): QuestionMark {
  if (q.submissions === 0) return 'untried';
  // The latest submission is still with the judge: its points are not in yet.
  if (q.latestVerdict === null) return 'judging';
  // Points, not verdicts: a late AC earns the penalised share and shows as partial (补交 says why).
  if (q.earned >= q.maxScore && q.maxScore > 0) return 'full';
  return q.earned > 0 ? 'partial' : 'wrong';
}
