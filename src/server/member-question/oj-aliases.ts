/**
 * Spec 001 §7.6 lists the learner's answer and playground calls under /oj as well (issue 9
 * item 5): each /oj form is answered by the un-prefixed call's own handler, so the two can
 * never drift apart. Their contracts are the same specs (contract/member-question/calls.ts).
 * `oj/memberQuestion/queryStatisticsGroupByMember` is the exception: an /oj read is the
 * caller's own, so it is the same statistics over the learner's scope (teacher-handlers.ts).
 */
import { memberQuestion as api } from '../../contract/member-question/calls.ts';
import type { HandlerEntry } from '../http/handler.ts';

const OJ_ALIASES = {
  'oj.memberQuestion.queryById': 'memberQuestion.queryById',
  'oj.memberQuestion.queryLatestList': 'memberQuestion.queryLatestList',
  'oj.memberQuestion.queryList': 'memberQuestion.queryList',
  'oj.memberPlayground.saveAsDraft': 'memberPlayground.saveAsDraft',
  'oj.memberPlayground.submitAnswer': 'memberPlayground.submitAnswer',
  'oj.memberPlayground.queryLatest': 'memberPlayground.queryLatest',
} as const satisfies Partial<Record<keyof typeof api, keyof typeof api>>;

type Alias = keyof typeof OJ_ALIASES;

/** The /oj forms, each with the handler `entries` give its un-prefixed call. */
export function ojAliasHandlers(entries: readonly HandlerEntry[]): HandlerEntry<Alias>[] {
  return (Object.keys(OJ_ALIASES) as Alias[]).map((alias) => {
    const original = OJ_ALIASES[alias];
    const entry = entries.find((e) => e.call.id === original);
    if (!entry) throw new Error(`no handler for ${original}, the /oj form ${alias} answers as it`);
    return { call: api[alias], handle: entry.handle };
  });
}
