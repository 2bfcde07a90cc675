/**
 * Parents (issue 25 item 11). Our reading (docs/decisions.md "Parents
 * (issue 25)"): the spec only names "parents together with students" and the member role
 * 家长, so every call here is ours, under the oj area:
 *
 * - oj/parent/binding/*: the parent asks to bind a child by the child's username or mobile,
 *   lists their bindings, withdraws a request, unbinds;
 * - oj/childBinding/*: the child sees who asks and confirms, refuses or unbinds;
 * - edms/parentBinding/*: a teacher of the child's classes confirms or refuses for the child;
 * - oj/parent/<the learner's read>: the same reads as the child's own screens (classes,
 *   homework, exam results and reports, orders), with the child named by `childId`, answered
 *   only for a confirmed binding;
 * - oj/parent/member/order/payment and oj/parent/membership/order/create: the one write a
 *   parent has, paying (and renewing the child's card).
 */
import { z } from 'zod';
import { defineCalls, spec, type CallDef } from '../call.ts';
import { exam } from '../exam/calls.ts';
import { grade } from '../grade/calls.ts';
import { homework } from '../homework/calls.ts';
import { order } from '../order/calls.ts';
import { orderDetail, payAnswer, payBody } from '../order/orders.ts';
import * as s from './schemas.ts';

export * from './schemas.ts';

const OUR_READING = '（本平台的补充接口：家长，目录未列出）';

/**
 * The parent's copy of a learner's read: the same answer, the child named in the query. The
 * server answers it through the learner's own read under the child's scope (server/parent/).
 */
function forChild<
  Shape extends z.core.$ZodLooseShape,
  Config extends z.core.$ZodObjectConfig,
  B extends z.ZodType,
  R extends z.ZodType,
>(call: CallDef<z.ZodObject<Shape, Config>, B, R>, summary: string) {
  if (!call.query) throw new Error(`${call.id} has no query to name the child in`);
  return spec({
    method: call.method,
    access: 'parent',
    summary: `${summary}${OUR_READING}`,
    query: call.query.extend({ childId: s.childId }),
    ...(call.body ? { body: call.body } : {}),
    response: call.response,
  });
}

const bindingAction = (access: 'parent' | 'member' | 'teacher', summary: string) =>
  spec({
    method: 'PUT',
    access,
    summary: `${summary}${OUR_READING}`,
    body: s.bindingIdBody,
    response: s.bindingItem,
  });

export const parent = defineCalls({
  'oj.parent.binding.request': {
    method: 'POST',
    access: 'parent',
    summary: `家长申请绑定孩子：填写孩子的用户名或手机号和关系，须孩子本人或其老师确认${OUR_READING}`,
    body: s.bindingRequestBody,
    response: s.bindingItem,
  },
  'oj.parent.binding.queryMine': {
    method: 'GET',
    access: 'parent',
    summary: `家长的绑定（待确认、已绑定及最近结束的）${OUR_READING}`,
    response: s.bindingList,
  },
  'oj.parent.binding.cancel': bindingAction('parent', '家长撤回尚未确认的绑定申请'),
  'oj.parent.binding.unbind': bindingAction('parent', '家长解除与孩子的绑定'),
  'oj.childBinding.queryList': {
    method: 'GET',
    access: 'member',
    summary: `学员本人的家长绑定：谁申请绑定、已绑定的家长及最近结束的${OUR_READING}`,
    response: s.bindingList,
  },
  'oj.childBinding.confirm': bindingAction('member', '学员确认家长的绑定申请'),
  'oj.childBinding.refuse': bindingAction('member', '学员拒绝家长的绑定申请'),
  'oj.childBinding.unbind': bindingAction('member', '学员解除与家长的绑定'),
  'edms.parentBinding.queryList': {
    method: 'GET',
    access: 'teacher',
    summary: `教师：本人学员（所教班级的学员）待确认的家长绑定申请${OUR_READING}`,
    response: s.bindingList,
  },
  'edms.parentBinding.confirm': bindingAction('teacher', '教师为本人学员确认家长的绑定申请'),
  'edms.parentBinding.refuse': bindingAction('teacher', '教师为本人学员拒绝家长的绑定申请'),
  'oj.parent.grade.queryList': forChild(grade['oj.grade.queryList'], '孩子所在的班级'),
  'oj.parent.homeworkEnroll.queryList': forChild(
    homework['oj.homeworkEnroll.queryList'],
    '孩子的作业',
  ),
  'oj.parent.homeworkEnroll.report': forChild(
    homework['oj.homeworkEnroll.report'],
    '孩子的作业报告',
  ),
  'oj.parent.examPaperEnroll.queryList': forChild(
    exam['oj.examPaperEnroll.queryList'],
    '孩子的考试答卷与成绩',
  ),
  'oj.parent.examPaperEnroll.report': forChild(
    exam['oj.examPaperEnroll.report'],
    '孩子的考试成绩报告',
  ),
  'oj.parent.member.order.queryList': forChild(
    order['oj.member.order.queryList'],
    '孩子的全部订单',
  ),
  'oj.parent.member.order.queryById': {
    method: 'GET',
    access: 'parent',
    summary: `孩子的一笔订单（支付时查询结果）${OUR_READING}`,
    query: z.strictObject({ id: s.childId }),
    response: orderDetail,
  },
  'oj.parent.member.order.payment': {
    method: 'POST',
    access: 'parent',
    summary: `家长为孩子支付订单：wallet 从家长本人的钱包扣款，provider 得到收银台链接；所得归孩子${OUR_READING}`,
    body: payBody,
    response: payAnswer,
  },
  'oj.parent.membership.order.create': {
    method: 'POST',
    access: 'parent',
    summary: `家长为孩子续卡：为孩子下会员卡订单（待支付），随后由家长支付${OUR_READING}`,
    body: s.childMembershipOrderBody,
    response: orderDetail,
  },
  'oj.parent.feed.queryList': {
    method: 'GET',
    access: 'parent',
    summary: `孩子的动态：新作业、作业与考试成绩、订单、退出申请的结果（由孩子的记录生成）${OUR_READING}`,
    query: z.strictObject({ childId: s.childId }),
    response: s.feedList,
  },
});
