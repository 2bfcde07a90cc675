/** feedback calls (contract/feedback/). */
import { feedback } from '../../contract/feedback/calls.ts';
import { handle } from '../http/handler.ts';
import {
  feedbackById,
  feedbackPage,
  myFeedback,
  submitFeedback,
  updateFeedbackStatus,
} from './feedback.ts';

export const feedbackHandlers = [
  handle(feedback['feedback.submit'], (ctx) =>
    submitFeedback(ctx.services, ctx.requireAuth(), ctx.body),
  ),
  handle(feedback['feedback.queryMine'], (ctx) =>
    myFeedback(ctx.services, ctx.requireAuth(), ctx.query),
  ),
  handle(feedback['feedback.queryList'], (ctx) => feedbackPage(ctx.services, ctx.body, ctx.query)),
  handle(feedback['feedback.queryById'], (ctx) => feedbackById(ctx.services, ctx.query.id)),
  handle(feedback['feedback.updateStatus'], (ctx) =>
    updateFeedbackStatus(ctx.services, ctx.requireAuth(), ctx.body),
  ),
];
