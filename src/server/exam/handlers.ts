/**
 * Every exam call of every area (contract/exam/calls.ts), one file per sub-resource: papers,
 * exams, sittings and answers; enrollment's shared calls come from its definition
 * (./enrollable.ts), which the domain's module (./module.ts) takes whole.
 */
import { answerHandlers } from './answers-handlers.ts';
import { examsHandlers } from './exams-handlers.ts';
import { paperHandlers } from './papers-handlers.ts';
import { sittingHandlers } from './sittings-handlers.ts';

export const examHandlers = [
  ...paperHandlers,
  ...examsHandlers,
  ...sittingHandlers,
  ...answerHandlers,
];
