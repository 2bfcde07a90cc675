import * as system from './calls/system.ts';
import * as auth from './calls/auth.ts';
import * as startup from './calls/startup.ts';
import * as memberQuestion from './calls/member-question.ts';
import * as questionBank from './calls/question-bank.ts';
import * as chapter from './calls/chapter.ts';
import * as staffAnswers from './calls/staff-answers.ts';
import type { CallDef } from './call.ts';

export { system, auth, startup, memberQuestion, questionBank, chapter, staffAnswers };
export * from './call.ts';
export * from './envelope.ts';
export * from './envelope-schemas.ts';
export * from './rights.ts';
export * from './errors.ts';
export * from './paging.ts';

function callsOf(mod: Record<string, unknown>): CallDef[] {
  return Object.values(mod).filter(
    (v): v is CallDef =>
      typeof v === 'object' && v !== null && 'id' in v && 'method' in v && 'path' in v,
  );
}

/** Every call of the catalogue; the server registers exactly these routes. */
export const allCalls: readonly CallDef[] = [
  ...callsOf(system),
  ...callsOf(auth),
  ...callsOf(startup),
  ...callsOf(memberQuestion),
  // The question bank's calls, one group per area (resource factory).
  ...[questionBank.bms, questionBank.edms, questionBank.app, questionBank.oj].flatMap(callsOf),
  // Chapters, one group per area, and the teacher's statistics by chapter.
  ...[chapter.bms, chapter.edms, chapter.app, chapter.oj, chapter.memberQuestion].flatMap(callsOf),
  // Answers as teachers and platform staff read them.
  ...[staffAnswers.edms, staffAnswers.bms].flatMap(callsOf),
];
