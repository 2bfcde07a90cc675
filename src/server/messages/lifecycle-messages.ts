/**
 * The messages a lifecycle move sends (lifecycle/transition.ts `recordTransition` asks here for
 * every move, inside its transaction): an order paid or refunded, an enrollment made for the
 * learner by staff, a quit decided, a membership application decided, an exam's results
 * published. Each rule reads the row it concerns and writes to that row's own member, so a
 * message names nothing its reader may not see.
 */
import type { LifecycleAction } from '../../contract/lifecycle-actions.ts';
import type { Queryable } from '../db/pool.ts';
import { sendMessage, type MessageInput } from './send.ts';

export interface Move {
  entity: string;
  id: number;
  action: LifecycleAction;
  to: string;
  /** Who made the move: a learner's own enrollment tells them nothing new. */
  actorMemberId: number;
}

interface OrderRow {
  member_id: number;
  kind: string;
  item_name: string;
  refunded_fen: number;
}

const yuan = (fen: number) => (fen / 100).toFixed(2);

/** Where each kind of order is seen by its learner. */
const ORDER_LINKS: Record<string, string> = {
  membership: '/vipCardList',
  recharge: '/user/wallet',
  aiTokens: '/user/wallet',
  exam: '/user/exam',
  grade: '/user/grade',
  homework: '/user/homework',
  chapter: '/course/list',
  question: '/user/accout',
  activity: '/activity',
};

/** What an enrollment made by staff puts the learner in. */
const ENROLLED_TITLES: Record<string, (name: string) => string> = {
  homework: (name) => `老师布置了新作业「${name}」`,
  grade: (name) => `你已加入班级「${name}」`,
  exam: (name) => `你已报名考试「${name}」`,
  activity: (name) => `你已报名活动「${name}」`,
};

/** The order moves a learner is told of; every other move costs no read. */
const TOLD_ORDER_ACTIONS = new Set<LifecycleAction>([
  'pay',
  'setPaid',
  'refund',
  'passQuit',
  'rejectQuit',
  'forceQuit',
  'enroll',
]);

async function orderMessage(db: Queryable, move: Move): Promise<MessageInput | null> {
  if (!TOLD_ORDER_ACTIONS.has(move.action)) return null;
  const { rows } = await db.query<OrderRow>(
    'SELECT member_id, kind, item_name, refunded_fen FROM orders WHERE id = $1',
    [move.id],
  );
  const order = rows[0];
  if (!order) return null;
  const base = { memberId: order.member_id, link: ORDER_LINKS[order.kind] ?? '/user/accout' };
  switch (move.action) {
    case 'pay':
    case 'setPaid':
      return { ...base, kind: 'orderPaid', title: `「${order.item_name}」已支付` };
    case 'refund':
      return {
        ...base,
        kind: 'orderRefunded',
        title: `「${order.item_name}」已退款`,
        body: `累计退款 ${yuan(order.refunded_fen)} 元，原路退回`,
      };
    case 'passQuit':
      return { ...base, kind: 'quitDecided', title: `「${order.item_name}」的退出申请已通过` };
    case 'rejectQuit':
      return { ...base, kind: 'quitDecided', title: `「${order.item_name}」的退出申请被驳回` };
    case 'forceQuit':
      return { ...base, kind: 'quitDecided', title: `老师已为你办理「${order.item_name}」的退出` };
    case 'enroll': {
      const title = ENROLLED_TITLES[order.kind];
      if (!title || move.actorMemberId === order.member_id) return null;
      const kind = order.kind === 'homework' ? 'homeworkAssigned' : 'enrolled';
      return { ...base, kind, title: title(order.item_name) };
    }
    default:
      return null;
  }
}

async function membershipMessage(db: Queryable, move: Move): Promise<MessageInput | null> {
  if (move.action !== 'pass' && move.action !== 'reject') return null;
  const { rows } = await db.query<{ organization: string }>(
    `SELECT o.name AS organization FROM members m JOIN organizations o ON o.id = m.organization_id
      WHERE m.id = $1`,
    [move.id],
  );
  if (!rows[0]) return null;
  const passed = move.action === 'pass';
  return {
    memberId: move.id,
    kind: passed ? 'membershipPassed' : 'membershipRejected',
    title: passed
      ? `加入「${rows[0].organization}」的申请已通过`
      : `加入「${rows[0].organization}」的申请未通过`,
    link: '/user/accout',
  };
}

async function examReportMessage(db: Queryable, move: Move): Promise<MessageInput | null> {
  if (move.action !== 'publishResults') return null;
  const { rows } = await db.query<{ member_id: number; exam: string; score: number | null }>(
    `SELECT s.member_id, e.name AS exam, s.score FROM exam_paper_enrolls s
       JOIN exams e ON e.id = s.exam_id WHERE s.id = $1`,
    [move.id],
  );
  const sitting = rows[0];
  if (!sitting) return null;
  return {
    memberId: sitting.member_id,
    kind: 'examReport',
    title: `考试「${sitting.exam}」的成绩已公布`,
    body: sitting.score === null ? '' : `得分 ${sitting.score}`,
    link: `/exam/report/paper?id=${move.id}`,
    dedupe: { key: `examReport:${move.id}`, keep: 'latest' },
  };
}

const RULES: Record<string, (db: Queryable, move: Move) => Promise<MessageInput | null>> = {
  order: orderMessage,
  member: membershipMessage,
  examPaperEnroll: examReportMessage,
};

export async function messageOfMove(db: Queryable, move: Move): Promise<void> {
  const rule = RULES[move.entity];
  const message = rule ? await rule(db, move) : null;
  if (message) await sendMessage(db, message);
}
