import type { z } from 'zod';
import { membership } from '../../contract/membership/calls.ts';
import type { Membership, membershipTag } from '../../contract/membership/calls.ts';
import { toPage } from '../../contract/paging.ts';
import { handle } from '../http/handler.ts';
import { limitOffset, orderBy } from '../http/paging.ts';
import type { MEMBERSHIP_SORT, MEMBER_MEMBERSHIP_SORT } from '../../contract/membership/calls.ts';
import type { SortColumns } from '../http/paging.ts';

const membershipSortable: SortColumns<typeof MEMBERSHIP_SORT> = {
  sort: 'ms.sort',
  id: 'ms.id',
  name: 'ms.name',
  priceFen: 'ms.price_fen',
};
const memberMembershipSortable: SortColumns<typeof MEMBER_MEMBERSHIP_SORT> = {
  expireDate: 'mm.expire_date',
  startDate: 'mm.start_date',
  id: 'mm.id',
};

interface MembershipRow {
  id: number;
  name: string;
  type: '0' | '1';
  tags: z.infer<typeof membershipTag>[];
  status: '0' | '1';
  sort: number;
  price_fen: number;
  duration_days: number;
  rights: string[];
}

const MEMBERSHIP_COLUMNS = `ms.id, ms.name, ms.type, ms.tags, ms.status, ms.sort, ms.price_fen,
  ms.duration_days, ms.rights`;

const toMembership = (r: MembershipRow): Membership => ({
  id: r.id,
  name: r.name,
  type: r.type,
  tags: r.tags,
  status: r.status,
  sort: r.sort,
  priceFen: r.price_fen,
  durationDays: r.duration_days,
  rights: r.rights,
});

export const membershipHandlers = [
  /** Cards on sale (status '1'); drafts stay in the back office. Tags match any of the given. */
  handle(membership['membership.queryList'], async ({ query, body, services }) => {
    const where = `ms.status = '1'
      AND ($1::text IS NULL OR ms.type = $1)
      AND ($2::text[] IS NULL OR ms.tags && $2)
      AND ($3::text IS NULL OR ms.status = $3)`;
    const filters = [body.type ?? null, body.tags ?? null, body.status ?? null];
    const order = orderBy(query, membershipSortable, 'ms.sort ASC', 'ms.id ASC');
    const [limit, offset] = limitOffset(query);
    const [rows, count] = await Promise.all([
      services.pool.query<MembershipRow>(
        `SELECT ${MEMBERSHIP_COLUMNS} FROM memberships ms WHERE ${where}
          ORDER BY ${order} LIMIT $4 OFFSET $5`,
        [...filters, limit, offset],
      ),
      services.pool.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM memberships ms WHERE ${where}`,
        filters,
      ),
    ]);
    return toPage(rows.rows.map(toMembership), count.rows[0]!.total, query);
  }),

  /** The caller's own cards, newest expiry first. */
  handle(membership['oj.memberMembership.queryList'], async (ctx) => {
    const { query, services } = ctx;
    const memberId = ctx.requireAuth().memberId;
    const order = orderBy(query, memberMembershipSortable, 'mm.expire_date DESC', 'mm.id DESC');
    const [limit, offset] = limitOffset(query);
    const [rows, count] = await Promise.all([
      services.pool.query<MembershipRow & { mm_id: number; start_date: Date; expire_date: Date }>(
        `SELECT mm.id AS mm_id, mm.start_date, mm.expire_date, ${MEMBERSHIP_COLUMNS}
           FROM member_memberships mm JOIN memberships ms ON ms.id = mm.membership_id
          WHERE mm.member_id = $1 ORDER BY ${order} LIMIT $2 OFFSET $3`,
        [memberId, limit, offset],
      ),
      services.pool.query<{ total: number }>(
        'SELECT count(*)::int AS total FROM member_memberships WHERE member_id = $1',
        [memberId],
      ),
    ]);
    const content = rows.rows.map((r) => ({
      id: r.mm_id,
      membership: toMembership(r),
      startDate: r.start_date.toISOString(),
      expireDate: r.expire_date.toISOString(),
    }));
    return toPage(content, count.rows[0]!.total, query);
  }),
];
