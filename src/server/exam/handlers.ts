/**
 * Every exam call of every area (contract/exam/calls.ts), one file per sub-resource: papers,
 * exams, enrollment (the enrollable kind, ./enrollable.ts), sittings and answers.
 */
import { answerHandlers } from './answers-handlers.ts';
import { examEnrollHandlers } from './enrollable.ts';
import { examsHandlers } from './exams-handlers.ts';
import { paperHandlers } from './papers-handlers.ts';
import { sittingHandlers } from './sittings-handlers.ts';

export const examHandlers = [
  ...paperHandlers,
  ...examsHandlers,
  ...examEnrollHandlers,
  ...sittingHandlers,
  ...answerHandlers,
];
