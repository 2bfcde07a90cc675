/**
 * Client session state — docs/product-rules.md#client-state: initially empty; current chapter,
 * question list, current question, question id, student, course, debug question, global dictionary,
 * course tag list, chapter tag list.
 *
 * A plain holder: screens of later issues SET what they load and read it back. Values are
 * JSON (kept serialisable so the event log can replay them); later issues narrow the types.
 */
import { assign, setup } from 'xstate';

export type JsonValue =
  null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

export interface SessionContext {
  currentChapter: JsonObject | null;
  questionList: JsonObject[];
  currentQuestion: JsonObject | null;
  questionId: number | string | null;
  student: JsonObject | null;
  course: JsonObject | null;
  debugQuestion: JsonObject | null;
  /** Dictionary items by dictionary code. */
  globalDict: Record<string, { value: string; label: string }[]>;
  courseTagList: JsonObject[];
  chapterTagList: JsonObject[];
}

export type SessionEvent =
  | { type: 'SESSION.SET'; patch: Partial<SessionContext> }
  /** Back to empty, e.g. on logout. */
  | { type: 'SESSION.RESET' };

export const emptySession = (): SessionContext => ({
  currentChapter: null,
  questionList: [],
  currentQuestion: null,
  questionId: null,
  student: null,
  course: null,
  debugQuestion: null,
  globalDict: {},
  courseTagList: [],
  chapterTagList: [],
});

const SESSION_KEYS = Object.keys(emptySession()) as (keyof SessionContext)[];

/** Only known fields are taken from a patch, so a typo cannot grow the context. */
function pickKnown(patch: Partial<SessionContext>): Partial<SessionContext> {
  const known: Partial<SessionContext> = {};
  for (const key of SESSION_KEYS) {
    if (patch[key] !== undefined) Object.assign(known, { [key]: patch[key] });
  }
  return known;
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
}).createMachine({
  id: 'session',
  context: emptySession,
  initial: 'active',
  states: {
    active: {
      on: {
        'SESSION.SET': { actions: assign(({ event }) => pickKnown(event.patch)) },
        'SESSION.RESET': { actions: assign(() => emptySession()) },
      },
    },
  },
});
