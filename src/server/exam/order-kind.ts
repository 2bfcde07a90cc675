/**
 * An exam enrollment as an order kind (server/orders/kinds.ts): the enrollment is the place, so
 * paying grants nothing more and quitting takes nothing back; sittings stay on record after a
 * quit. A learner who has started a paper can no longer quit.
 */
import { exam } from '../../contract/exam/calls.ts';
import { enrollmentOrderKind } from '../enrollment/order-kind.ts';
import { fail } from '../http/app-error.ts';
import type { DomainOrderKinds } from '../orders/kinds.ts';

export const examOrderKinds: DomainOrderKinds = enrollmentOrderKind(
  'exam',
  { paidNotify: exam['examEnroll.paidNotify'], refundNotify: exam['examEnroll.refundNotify'] },
  {
    refuse: async (client, order, action) => {
      if (action !== 'applyQuit' && action !== 'forceQuit') return;
      const sat = await client.query(
        'SELECT 1 FROM exam_paper_enrolls WHERE order_id = $1 AND deleted_at IS NULL LIMIT 1',
        [order.id],
      );
      if (sat.rows.length > 0) throw fail('CONFLICT', '已开始作答的考试不能退出');
    },
  },
);
