/**
 * Query-key families the runtime invalidates together, in a module of their own so the runtime
 * (first screen) reads them without loading the screens' queries.
 */

/** Keys whose answers change when the member's graded answers do (see isMemberAnswersKey). */
export const MEMBER_ANSWERS_PREFIX = 'memberAnswers:';

/**
 * The learner's activity reads (ui/app/activityQueries.ts): keyed with commerce, since an
 * enrollment is an order, and moved by answers too, since a contest's score and rank are them.
 */
const LEARNER_ACTIVITY_KEY = /^commerce:[^:]*:activity:/;

/** The member's answers changed: status columns, the wrong list, progress and scores are stale. */
export const isMemberAnswersKey = (key: string): boolean =>
  key.startsWith(MEMBER_ANSWERS_PREFIX) || LEARNER_ACTIVITY_KEY.test(key);
