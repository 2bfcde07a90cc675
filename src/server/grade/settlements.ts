/**
 * Class-fee settlements (member/grade/settlement, 课消): staff record the lessons a learner
 * consumed in a period and their fee. What is settled stays with the organization: settlements
 * of one enrollment never exceed what was paid and not refunded, and a refund never gives back
 * what was settled (./order-kind.ts `kept`). Both sides lock the order row, so they cannot race.
 */
import type { z } from 'zod';
import type {
  SETTLEMENT_SORT,
  settlementCreate,
  settlementFilter,
  settlementItem,
  settlementUpdate,
} from '../../contract/grade/settlements.ts';
import type { Page, PageQuery } from '../../contract/paging.ts';
import { learnerRowsIn } from '../access/predicates.ts';
import type { Scope } from '../access/scope.ts';
import { withTransaction, type Pool, type PoolClient, type Queryable } from '../db/pool.ts';
import { SqlParams } from '../db/sql-params.ts';
import { fail } from '../http/app-error.ts';
import { orderBy, pagedRows, type SortColumns } from '../http/paging.ts';
import { validationError } from '../http/validation-error.ts';
import { xlsxAnswer } from '../http/xlsx.ts';
import { yuan } from '../orders/reports.ts';
import { managedGrade } from './grades.ts';
import { settledFen } from './order-kind.ts';

type SettlementItem = z.infer<typeof settlementItem>;
type Filter = z.output<typeof settlementFilter>;

interface SettlementRow {
  id: number;
  grade_id: number;
  grade_name: string;
  member_id: number;
  member_name: string;
  order_id: number;
  period_start: string;
  period_end: string;
  lessons: number;
  amount_fen: number;
  remark: string;
  created_by_name: string;
  created_at: Date;
}

const COLUMNS = `s.id, s.grade_id, g.name AS grade_name, s.member_id, m.nickname AS member_name,
  s.order_id, to_char(s.period_start, 'YYYY-MM-DD') AS period_start,
  to_char(s.period_end, 'YYYY-MM-DD') AS period_end, s.lessons, s.amount_fen, s.remark,
  c.nickname AS created_by_name, s.created_at`;
const FROM = `FROM member_grade_settlements s JOIN grades g ON g.id = s.grade_id
  JOIN members m ON m.id = s.member_id JOIN members c ON c.id = s.created_by_member_id`;

const toItem = (r: SettlementRow): SettlementItem => ({
  id: r.id,
  gradeId: r.grade_id,
  gradeName: r.grade_name,
  memberId: r.member_id,
  memberName: r.member_name,
  enrollId: r.order_id,
  periodStart: r.period_start,
  periodEnd: r.period_end,
  lessons: r.lessons,
  amountFen: r.amount_fen,
  remark: r.remark,
  createdByName: r.created_by_name,
  createdAt: r.created_at.toISOString(),
});

/** Settlements the scope may read: a learner their own; staff those of classes they manage. */
function visible(scope: Scope, sql: SqlParams): string {
  return `s.deleted_at IS NULL AND ${learnerRowsIn(scope, 's.member_id', { grade: 'g' }, sql)}`;
}

function where(scope: Scope, filter: Filter, sql: SqlParams): string {
  const clauses = [visible(scope, sql)];
  if (filter.gradeId) clauses.push(`s.grade_id = ${sql.add(filter.gradeId)}`);
  if (filter.memberId) clauses.push(`s.member_id = ${sql.add(filter.memberId)}`);
  if (filter.from) clauses.push(`s.period_end >= ${sql.add(filter.from)}::date`);
  if (filter.to) clauses.push(`s.period_start <= ${sql.add(filter.to)}::date`);
  return clauses.join(' AND ');
}

const sortable: SortColumns<typeof SETTLEMENT_SORT> = {
  id: 's.id',
  periodStart: 's.period_start',
};

export async function listSettlements(
  db: Queryable,
  scope: Scope,
  filter: Filter,
  page: PageQuery,
): Promise<Page<SettlementItem>> {
  const sql = new SqlParams();
  const rows = await pagedRows<SettlementRow>(
    db,
    {
      select: COLUMNS,
      from: `${FROM} WHERE ${where(scope, filter, sql)}`,
      params: sql.values,
      order: orderBy(page, sortable, 's.id DESC', 's.id DESC'),
    },
    page,
  );
  return { ...rows, content: rows.content.map(toItem) };
}

export async function readSettlement(db: Queryable, scope: Scope, id: number) {
  const sql = new SqlParams();
  const { rows } = await db.query<SettlementRow>(
    `SELECT ${COLUMNS} ${FROM} WHERE ${visible(scope, sql)} AND s.id = ${sql.add(id)}`,
    sql.values,
  );
  if (!rows[0]) throw fail('NOT_FOUND', `课消记录 ${id} 不存在`);
  return toItem(rows[0]);
}

/** Locks the enrollment and refuses settling more than paid and not refunded. */
async function assertWithinPaid(
  client: PoolClient,
  orderId: number,
  amountFen: number,
  excludeId: number | null,
) {
  const { rows } = await client.query<{ paid: number; refunded: number }>(
    'SELECT paid_fen AS paid, refunded_fen AS refunded FROM orders WHERE id = $1 FOR UPDATE',
    [orderId],
  );
  const order = rows[0]!;
  const others =
    (await settledFen(client, orderId)) -
    (excludeId === null
      ? 0
      : (
          await client.query<{ fen: number }>(
            'SELECT amount_fen AS fen FROM member_grade_settlements WHERE id = $1',
            [excludeId],
          )
        ).rows[0]!.fen);
  const room = order.paid - order.refunded - others;
  if (amountFen > room) {
    throw validationError([
      {
        field: 'body.amountFen',
        message: `超过可结算金额：已收 ${yuan(order.paid)} 元，已退 ${yuan(order.refunded)} 元，已结算 ${yuan(others)} 元，最多还可结算 ${yuan(Math.max(room, 0))} 元`,
      },
    ]);
  }
}

export async function createSettlement(
  pool: Pool,
  scope: Scope,
  input: z.output<typeof settlementCreate>,
): Promise<SettlementItem> {
  await managedGrade(pool, scope, input.gradeId);
  const id = await withTransaction(pool, async (client) => {
    const order = await client.query<{ id: number }>(
      `SELECT id FROM orders WHERE kind = 'grade' AND item_id = $1 AND member_id = $2
          AND deleted_at IS NULL AND paid_fen > 0 ORDER BY id DESC LIMIT 1`,
      [input.gradeId, input.memberId],
    );
    const orderId = order.rows[0]?.id;
    if (orderId === undefined) {
      throw validationError([
        { field: 'body.memberId', message: '该学员在本班没有已付费的报名，无需结算课消' },
      ]);
    }
    await assertWithinPaid(client, orderId, input.amountFen, null);
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO member_grade_settlements (grade_id, member_id, order_id, period_start,
                                             period_end, lessons, amount_fen, remark,
                                             created_by_member_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [
        input.gradeId,
        input.memberId,
        orderId,
        input.periodStart,
        input.periodEnd,
        input.lessons,
        input.amountFen,
        input.remark,
        scope.memberId,
      ],
    );
    return rows[0]!.id;
  });
  return readSettlement(pool, scope, id);
}

export async function updateSettlement(
  pool: Pool,
  scope: Scope,
  input: z.output<typeof settlementUpdate>,
): Promise<SettlementItem> {
  if (scope.kind === 'learner') throw fail('FORBIDDEN');
  const current = await readSettlement(pool, scope, input.id);
  const start = input.periodStart ?? current.periodStart;
  const end = input.periodEnd ?? current.periodEnd;
  if (end < start) {
    throw validationError([{ field: 'body.periodEnd', message: '结束日期不能早于开始日期' }]);
  }
  await withTransaction(pool, async (client) => {
    if (input.amountFen !== undefined) {
      await assertWithinPaid(client, current.enrollId, input.amountFen, input.id);
    }
    await client.query(
      `UPDATE member_grade_settlements SET period_start = $2, period_end = $3,
              lessons = coalesce($4, lessons), amount_fen = coalesce($5, amount_fen),
              remark = coalesce($6, remark), updated_at = now() WHERE id = $1`,
      [input.id, start, end, input.lessons ?? null, input.amountFen ?? null, input.remark ?? null],
    );
  });
  return readSettlement(pool, scope, input.id);
}

export async function deleteSettlement(pool: Pool, scope: Scope, id: number): Promise<void> {
  if (scope.kind === 'learner') throw fail('FORBIDDEN');
  await readSettlement(pool, scope, id);
  await pool.query('UPDATE member_grade_settlements SET deleted_at = now() WHERE id = $1', [id]);
}

export async function exportSettlements(db: Queryable, scope: Scope, filter: Filter) {
  const sql = new SqlParams();
  const { rows } = await db.query<SettlementRow>(
    `SELECT ${COLUMNS} ${FROM} WHERE ${where(scope, filter, sql)} ORDER BY s.id LIMIT 50000`,
    sql.values,
  );
  return xlsxAnswer(
    '课消记录.xlsx',
    '课消记录',
    [
      { header: '班级', width: 24, value: (i: SettlementItem) => i.gradeName },
      { header: '学员', value: (i) => i.memberName },
      { header: '开始日期', width: 12, value: (i) => i.periodStart },
      { header: '结束日期', width: 12, value: (i) => i.periodEnd },
      { header: '课时', value: (i) => i.lessons },
      { header: '金额（元）', value: (i) => yuan(i.amountFen) },
      { header: '备注', width: 30, value: (i) => i.remark },
      { header: '登记人', value: (i) => i.createdByName },
    ],
    rows.map(toItem),
  );
}
