/**
 * The platform's calls on answers beyond reading them (bms memberQuestion querySimpleList,
 * create, update, delete): wired to ./platform-answers.ts and ./staff-queries.ts.
 */
import { memberQuestion as memberQuestionApi } from '../../contract/member-question/calls.ts';
import { SCOPE_OF_AREA } from '../access/scope.ts';
import { handle } from '../http/handler.ts';
import { enterAnswer, rejudgeAnswer, removeFromHistory } from './platform-answers.ts';
import { simpleAnswerList } from './staff-queries.ts';

export const platformAnswerHandlers = [
  handle(
    memberQuestionApi['bms.memberQuestion.querySimpleList'],
    ({ query, body, services, requireAuth }) =>
      simpleAnswerList(services.pool, SCOPE_OF_AREA.bms(requireAuth()), body, query),
  ),
  handle(memberQuestionApi['bms.memberQuestion.create'], ({ body, services, requireAuth }) =>
    enterAnswer(services.pool, requireAuth().memberId, body),
  ),
  handle(memberQuestionApi['bms.memberQuestion.update'], ({ body, services }) =>
    rejudgeAnswer(services.pool, body.id),
  ),
  handle(memberQuestionApi['bms.memberQuestion.delete'], ({ body, services }) =>
    removeFromHistory(services.pool, body.id),
  ),
];
