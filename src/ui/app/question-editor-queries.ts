/**
 * The question editor's read (issue 14): one question in full, as staff read it, keyed under
 * `staff:` so a save or a test-data upload marks it stale and it reloads its case count.
 */
import type { CallResult } from '../../contract/call.ts';
import { question as questionApi } from '../../contract/question/refs.ts';
import type { StaffArea } from './class-staff-queries.ts';
import type { QueryDef } from './queries.ts';
import type { Runtime } from './runtime.ts';
import { staffQuery } from './staff-queries.ts';

export type EditedQuestion = CallResult<(typeof questionApi)['bms.question.queryById']>;

export function editedQuestion(
  runtime: Runtime,
  area: StaffArea,
  id: number,
): QueryDef<EditedQuestion> {
  return staffQuery(runtime, `${area}:question-edit:${id}`, () =>
    runtime.transport.call(questionApi[`${area}.question.queryById`], { query: { id } }),
  );
}
