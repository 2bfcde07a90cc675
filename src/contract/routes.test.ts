import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CallDef, CallRoute } from './call.ts';
import * as authDefs from './calls/auth.ts';
import * as chapterDefs from './calls/chapter.ts';
import * as staffAnswerDefs from './calls/staff-answers.ts';
import * as memberQuestionDefs from './calls/member-question.ts';
import * as questionBankDefs from './calls/question-bank.ts';
import * as startupDefs from './calls/startup.ts';
import * as systemDefs from './calls/system.ts';
import { allCalls } from './index.ts';
import { auth } from './routes/auth.ts';
import * as chapter from './routes/chapter.ts';
import * as staffAnswers from './routes/staff-answers.ts';
import { memberQuestion } from './routes/member-question.ts';
import * as questionBank from './routes/question-bank.ts';
import { startup } from './routes/startup.ts';
import { system } from './routes/system.ts';

const routeOf = (call: CallRoute) => ({
  id: call.id,
  method: call.method,
  path: call.path,
  responseKind: call.responseKind,
  requestKind: call.requestKind,
  skipErrorHandler: call.skipErrorHandler,
});

interface Area {
  name: string;
  defs: Record<string, unknown>;
  refs: Record<string, CallRoute>;
}

const areas: Area[] = [
  { name: 'auth', defs: authDefs, refs: auth },
  { name: 'startup', defs: startupDefs, refs: startup },
  { name: 'system', defs: systemDefs, refs: system },
  { name: 'memberQuestion', defs: memberQuestionDefs, refs: memberQuestion },
  { name: 'question bms', defs: questionBankDefs.bms, refs: questionBank.bms },
  { name: 'question edms', defs: questionBankDefs.edms, refs: questionBank.edms },
  { name: 'question app', defs: questionBankDefs.app, refs: questionBank.app },
  { name: 'question oj', defs: questionBankDefs.oj, refs: questionBank.oj },
  { name: 'staff answers edms', defs: staffAnswerDefs.edms, refs: staffAnswers.edms },
  { name: 'staff answers bms', defs: staffAnswerDefs.bms, refs: staffAnswers.bms },
  { name: 'chapter bms', defs: chapterDefs.bms, refs: chapter.bms },
  { name: 'chapter edms', defs: chapterDefs.edms, refs: chapter.edms },
  { name: 'chapter app', defs: chapterDefs.app, refs: chapter.app },
  { name: 'chapter oj', defs: chapterDefs.oj, refs: chapter.oj },
  {
    name: 'chapter memberQuestion',
    defs: chapterDefs.memberQuestion,
    refs: chapter.memberQuestion,
  },
];

const isCall = (value: unknown): value is CallDef =>
  typeof value === 'object' && value !== null && 'id' in value && 'response' in value;

describe('client refs (routes/*.ts) against the full definitions (calls/*.ts)', () => {
  it.each(areas)('$name: one ref per call, with the same route', ({ defs, refs }) => {
    const calls = Object.entries(defs).filter(([, value]) => isCall(value));
    expect(Object.keys(refs).sort()).toEqual(calls.map(([name]) => name).sort());
    for (const [name, call] of calls) {
      expect({ name, route: routeOf(refs[name]!) }).toEqual({
        name,
        route: routeOf(call as CallDef),
      });
    }
  });

  it('covers every call of the catalogue', () => {
    const refIds = areas.flatMap(({ refs }) => Object.values(refs).map((r) => r.id));
    expect(refIds.sort()).toEqual(allCalls.map((c) => c.id).sort());
  });

  it('keeps the route modules free of zod, which the first screen must not load', () => {
    for (const file of [
      'call',
      'envelope',
      'errors',
      'rights',
      'routes/auth',
      'routes/startup',
      'routes/system',
    ]) {
      const source = readFileSync(new URL(`./${file}.ts`, import.meta.url), 'utf8');
      const valueImports = source.match(/^import (?!type )[^;]*;/gms) ?? [];
      expect({
        file,
        zod: valueImports.filter((i) => /from '(zod|\.\.?\/calls\/)/.test(i)),
      }).toEqual({
        file,
        zod: [],
      });
    }
  });
});
