/**
 * The question bank (issue 3 item 5; docs/product-rules.md#the-call-catalogue `question`): programming questions with
 * test data, and objective questions (single, multiple, true/false) with answer flags. One
 * resource description; each area gets its calls from the factory (../resource.ts).
 *
 * Each sub-resource declares its shapes and calls beside its server file (questions.ts ↔
 * server/question/store.ts, write.ts, case-zip.ts, packages.ts; debug.ts ↔ the judge's debug
 * run), with what they share in common.ts; this file only assembles the domain, area by area in
 * the order the refs and docs/api.md list it.
 */
import { caseZipCalls } from './case-zip.ts';
import { debugCalls } from './debug.ts';
import { packageCalls } from './packages.ts';
import { questionCalls, randomDrawCalls } from './questions.ts';
import { importCalls } from './write.ts';

export const question = {
  ...questionCalls,
  ...importCalls.bms,
  ...caseZipCalls.bms,
  ...debugCalls.bms,
  ...packageCalls.bms,
  ...importCalls.edms,
  ...randomDrawCalls,
  ...caseZipCalls.edms,
  ...debugCalls.edms,
  ...packageCalls.edms,
  ...importCalls.app,
  ...caseZipCalls.app,
  ...debugCalls.app,
  ...packageCalls.app,
};
