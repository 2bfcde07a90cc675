/**
 * Codes of the five default card rights (docs/product-rules.md#membership-cards), in display order:
 * paid solution videos, code submissions, mock exams, test-case viewing, clearing answer records. A
 * card that lists no rights grants these; the client shows each as the i18n key vip.rights.<code>.
 * Kept apart from the schemas so the browser's first screen can use them without zod.
 */
export const DEFAULT_RIGHT_CODES = [
  'solutionVideo',
  'unlimitedSubmission',
  'mockExam',
  'testCaseView',
  'answerRecordClear',
] as const;
