/**
 * The assistant's constants without zod, so screens can import them without the schemas
 * (docs/decisions/client-and-screens.md, "First-screen JavaScript without zod"); calls.ts builds
 * its schemas from them.
 */

/** Where an assistant is opened: a question screen, an exam or homework report, or anywhere. */
export const AI_SCENES = ['question', 'examReport', 'homeworkReport', 'general'] as const;
export type AiScene = (typeof AI_SCENES)[number];

export const AI_MESSAGE_STATUSES = ['streaming', 'done', 'stopped', 'failed'] as const;
export type AiMessageStatus = (typeof AI_MESSAGE_STATUSES)[number];

/** Which assistant answered: the built-in judge tutor or the configured OpenAI-compatible model. */
export const AI_PROVIDERS = ['builtin', 'openai'] as const;
export type AiProvider = (typeof AI_PROVIDERS)[number];

/** The longest question a learner may send, in characters (the client counts the same way). */
export const MAX_AI_CONTENT = 4000;
