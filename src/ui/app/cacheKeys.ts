/**
 * Query-key families the runtime invalidates together, in a module of their own so the runtime
 * (first screen) reads them without loading the screens' queries.
 */

/** Keys whose answers change when the member's graded answers do (see isMemberAnswersKey). */
export const MEMBER_ANSWERS_PREFIX = 'memberAnswers:';

/** The member's answers changed: the status columns, the wrong list and progress are stale. */
export const isMemberAnswersKey = (key: string): boolean => key.startsWith(MEMBER_ANSWERS_PREFIX);
