/**
 * Membership definitions, rights and held cards as resource stores (contract/membership):
 * platform staff write them; learners read the cards on sale. A definition or right that is
 * in use cannot be deleted (unpublish it instead): orders and cards refer to it.
 */
import type { z } from 'zod';
import type {
  MEMBER_MEMBERSHIP_SORT,
  heldMembership,
  memberMembershipResource,
} from '../../contract/membership/member-memberships.ts';
import type {
  MEMBERSHIP_SORT,
  membershipItem,
  membershipResource,
} from '../../contract/membership/memberships.ts';
import type { RIGHT_SORT, rightItem, rightResource } from '../../contract/membership/rights.ts';
import type { Page, PageQuery } from '../../contract/paging.ts';
import { PUBLISHED } from '../../machines/lifecycles/publication.ts';
import { learnerRows } from '../access/predicates.ts';
import type { Scope } from '../access/scope.ts';
import type { Queryable } from '../db/pool.ts';
import { SqlParams } from '../db/sql-params.ts';
import { withTransaction } from '../db/pool.ts';
import { fail } from '../http/app-error.ts';
import { orderBy, pagedRows, type SortColumns } from '../http/paging.ts';
import type { ResourceStore } from '../http/resource.ts';
import { refuseDuplicate } from '../http/unique.ts';
import { validationError } from '../http/validation-error.ts';
import { endHeldCard } from './grants.ts';

type Membership = z.input<typeof membershipItem>;
type MembershipFilter = z.output<typeof membershipResource.filter>;

export interface MembershipRow {
  id: number;
  name: string;
  type: '0' | '1';
  tags: Membership['tags'];
  status: '0' | '1';
  publication: Membership['publication'];
  sort: number;
  price_fen: number;
  duration_days: number;
  rights: string[];
  description: string;
}

export const MEMBERSHIP_COLUMNS = `ms.id, ms.name, ms.type, ms.tags, ms.status, ms.publication,
  ms.sort, ms.price_fen, ms.duration_days, ms.rights, ms.description`;

export const toMembership = (r: MembershipRow): Membership => ({
  id: r.id,
  name: r.name,
  type: r.type,
  tags: r.tags,
  status: r.status,
  publication: r.publication,
  sort: r.sort,
  priceFen: r.price_fen,
  durationDays: r.duration_days,
  rights: r.rights,
  description: r.description,
});

const membershipSortable: SortColumns<typeof MEMBERSHIP_SORT> = {
  sort: 'ms.sort',
  id: 'ms.id',
  name: 'ms.name',
  priceFen: 'ms.price_fen',
};

/** Who reads the card list: staff see drafts when they ask (status '0'); others see '1'. */
export async function listMemberships(
  db: Queryable,
  filter: MembershipFilter,
  page: PageQuery,
  staff: boolean,
): Promise<Page<Membership>> {
  const status = staff ? (filter.status ?? null) : '1';
  const params = [filter.type ?? null, filter.tags ?? null, status, filter.keyword ?? null];
  const rows = await pagedRows<MembershipRow>(
    db,
    {
      select: MEMBERSHIP_COLUMNS,
      from: `FROM memberships ms
        WHERE ($1::text IS NULL OR ms.type = $1) AND ($2::text[] IS NULL OR ms.tags && $2)
          AND ($3::text IS NULL OR ms.status = $3)
          AND ($4::text IS NULL OR strpos(ms.name, $4) > 0)`,
      params,
      order: orderBy(page, membershipSortable, 'ms.sort ASC', 'ms.id ASC'),
    },
    page,
  );
  return { ...rows, content: rows.content.map(toMembership) };
}

/**
 * A card is shown where its tags say (学员会员卡 `student`, 活动套餐 `studentPackage`, …): one on
 * sale with none is shown to nobody, so publishing it, or taking its last tag off while it is on
 * sale, is refused naming 标签 (docs/decisions/organizations-classes-and-homework.md, issue 25
 * items 4–5).
 */
export function refuseUntagged(tags: readonly string[]): void {
  if (tags.length > 0) return;
  throw validationError([
    {
      field: 'body.tags',
      message: '请至少选择一个标签：标签决定会员卡在哪里展示，没有标签的会员卡学员看不到',
    },
  ]);
}

export async function findMembership(db: Queryable, id: number): Promise<MembershipRow> {
  const found = await db.query<MembershipRow>(
    `SELECT ${MEMBERSHIP_COLUMNS} FROM memberships ms WHERE ms.id = $1`,
    [id],
  );
  if (!found.rows[0]) throw fail('NOT_FOUND', `会员卡 ${id} 不存在`);
  return found.rows[0];
}

async function assertRightsExist(db: Queryable, codes: readonly string[] | undefined) {
  if (!codes || codes.length === 0) return;
  const known = await db.query<{ code: string }>(
    'SELECT code FROM rights WHERE code = ANY($1::text[])',
    [codes],
  );
  const missing = codes.filter((c) => !known.rows.some((r) => r.code === c));
  if (missing.length > 0) {
    throw validationError([
      { field: 'body.rights', message: `没有这些权益：${missing.join('、')}` },
    ]);
  }
}

type MembershipStore = Pick<
  ResourceStore<
    unknown,
    z.output<typeof membershipResource.create>,
    z.output<typeof membershipResource.update>,
    MembershipFilter,
    Membership,
    Membership,
    unknown
  >,
  'create' | 'update' | 'remove' | 'get'
>;

export const membershipStore: MembershipStore = {
  async create({ services }, input) {
    await assertRightsExist(services.pool, input.rights);
    const inserted = await refuseDuplicate(
      () =>
        services.pool.query<{ id: number }>(
          `INSERT INTO memberships (name, type, tags, sort, price_fen, duration_days, rights, description)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
          [
            input.name,
            input.type,
            input.tags,
            input.sort,
            input.priceFen,
            input.durationDays,
            input.rights,
            input.description,
          ],
        ),
      'body.name',
      '已有同名会员卡',
    );
    return toMembership(await findMembership(services.pool, inserted.rows[0]!.id));
  },
  async update({ services }, input) {
    const card = await findMembership(services.pool, input.id);
    if (input.tags !== undefined && card.publication === PUBLISHED) refuseUntagged(input.tags);
    await assertRightsExist(services.pool, input.rights);
    await refuseDuplicate(
      () =>
        services.pool.query(
          `UPDATE memberships SET
             name = coalesce($2, name), type = coalesce($3, type), tags = coalesce($4, tags),
             sort = coalesce($5, sort), price_fen = coalesce($6, price_fen),
             duration_days = coalesce($7, duration_days), rights = coalesce($8, rights),
             description = coalesce($9, description), updated_at = now()
           WHERE id = $1`,
          [
            input.id,
            input.name ?? null,
            input.type ?? null,
            input.tags ?? null,
            input.sort ?? null,
            input.priceFen ?? null,
            input.durationDays ?? null,
            input.rights ?? null,
            input.description ?? null,
          ],
        ),
      'body.name',
      '已有同名会员卡',
    );
    return toMembership(await findMembership(services.pool, input.id));
  },
  async remove({ services }, id) {
    await findMembership(services.pool, id);
    const used = await services.pool.query(
      `SELECT 1 FROM orders WHERE kind = 'membership' AND item_id = $1
       UNION ALL SELECT 1 FROM member_memberships WHERE membership_id = $1 LIMIT 1`,
      [id],
    );
    if (used.rowCount !== 0) {
      throw fail('CONFLICT', '该会员卡已有订单或持有人，不能删除；可以下架');
    }
    await services.pool.query('DELETE FROM memberships WHERE id = $1', [id]);
  },
  async get({ services }, id) {
    return toMembership(await findMembership(services.pool, id));
  },
};

// Rights ---------------------------------------------------------------------------------------

type Right = z.input<typeof rightItem>;
interface RightRow {
  id: number;
  code: string;
  name: string;
  description: string;
  is_default: boolean;
  sort: number;
  publication: Right['publication'];
}
const toRight = (r: RightRow): Right => ({
  id: r.id,
  code: r.code,
  name: r.name,
  description: r.description,
  isDefault: r.is_default,
  sort: r.sort,
  publication: r.publication,
});
const RIGHT_COLUMNS = 'r.id, r.code, r.name, r.description, r.is_default, r.sort, r.publication';
const rightSortable: SortColumns<typeof RIGHT_SORT> = {
  sort: 'r.sort',
  id: 'r.id',
  code: 'r.code',
};

async function findRight(db: Queryable, id: number): Promise<RightRow> {
  const found = await db.query<RightRow>(`SELECT ${RIGHT_COLUMNS} FROM rights r WHERE r.id = $1`, [
    id,
  ]);
  if (!found.rows[0]) throw fail('NOT_FOUND', `权益 ${id} 不存在`);
  return found.rows[0];
}

async function listRights(
  db: Queryable,
  filter: z.output<typeof rightResource.filter>,
  page: PageQuery,
): Promise<Page<Right>> {
  const rows = await pagedRows<RightRow>(
    db,
    {
      select: RIGHT_COLUMNS,
      from: `FROM rights r WHERE ($1::text IS NULL OR strpos(r.name, $1) > 0 OR strpos(r.code, $1) > 0)
        AND ($2::text IS NULL OR r.publication = $2)`,
      params: [filter.keyword ?? null, filter.publication ?? null],
      order: orderBy(page, rightSortable, 'r.sort ASC', 'r.id ASC'),
    },
    page,
  );
  return { ...rows, content: rows.content.map(toRight) };
}

export const rightStore: ResourceStore<
  unknown,
  z.output<typeof rightResource.create>,
  z.output<typeof rightResource.update>,
  z.output<typeof rightResource.filter>,
  Right,
  Right,
  Pick<Right, 'id' | 'code' | 'name'>
> = {
  async create({ services }, input) {
    const inserted = await refuseDuplicate(
      () =>
        services.pool.query<{ id: number }>(
          `INSERT INTO rights (code, name, description, is_default, sort) VALUES ($1, $2, $3, $4, $5)
           RETURNING id`,
          [input.code, input.name, input.description, input.isDefault, input.sort],
        ),
      'body.code',
      '已有相同编码的权益',
    );
    return toRight(await findRight(services.pool, inserted.rows[0]!.id));
  },
  async update({ services }, input) {
    await findRight(services.pool, input.id);
    await services.pool.query(
      `UPDATE rights SET name = coalesce($2, name), description = coalesce($3, description),
         is_default = coalesce($4, is_default), sort = coalesce($5, sort), updated_at = now()
       WHERE id = $1`,
      [
        input.id,
        input.name ?? null,
        input.description ?? null,
        input.isDefault ?? null,
        input.sort ?? null,
      ],
    );
    return toRight(await findRight(services.pool, input.id));
  },
  async remove({ services }, id) {
    const right = await findRight(services.pool, id);
    const used = await services.pool.query(
      'SELECT 1 FROM memberships WHERE $1 = ANY(rights) LIMIT 1',
      [right.code],
    );
    if (used.rowCount !== 0 || right.is_default) {
      throw fail('CONFLICT', '该权益被会员卡使用或为默认权益，不能删除；可以下架');
    }
    await services.pool.query('DELETE FROM rights WHERE id = $1', [id]);
  },
  get: async ({ services }, id) => toRight(await findRight(services.pool, id)),
  list: ({ services }, filter, page) => listRights(services.pool, filter, page),
  simpleList: async ({ services }, filter, page) => {
    const rows = await listRights(services.pool, filter, page);
    return { ...rows, content: rows.content.map(({ id, code, name }) => ({ id, code, name })) };
  },
};

// Held cards -----------------------------------------------------------------------------------

type Held = z.input<typeof heldMembership>;
type HeldFilter = z.output<typeof memberMembershipResource.filter>;

interface HeldRow extends MembershipRow {
  mm_id: number;
  member_id: number;
  member_name: string;
  organization_id: number;
  organization_name: string;
  start_date: Date;
  expire_date: Date;
  ended_at: Date | null;
  order_id: number | null;
  remark: string;
  valid: boolean;
}
const HELD_COLUMNS = `mm.id AS mm_id, mm.member_id, m.nickname AS member_name, m.organization_id,
  org.name AS organization_name, mm.start_date, mm.expire_date, mm.ended_at, mm.order_id, mm.remark,
  (mm.ended_at IS NULL AND mm.start_date <= now() AND mm.expire_date > now()) AS valid,
  ${MEMBERSHIP_COLUMNS}`;
const HELD_FROM = `FROM member_memberships mm
  JOIN memberships ms ON ms.id = mm.membership_id
  JOIN members m ON m.id = mm.member_id
  JOIN organizations org ON org.id = m.organization_id`;
const heldSortable: SortColumns<typeof MEMBER_MEMBERSHIP_SORT> = {
  expireDate: 'mm.expire_date',
  startDate: 'mm.start_date',
  id: 'mm.id',
};

export const toHeld = (r: HeldRow): Held => ({
  id: r.mm_id,
  membership: toMembership(r),
  startDate: r.start_date.toISOString(),
  expireDate: r.expire_date.toISOString(),
  endedAt: r.ended_at?.toISOString() ?? null,
  orderId: r.order_id,
  memberId: r.member_id,
  memberName: r.member_name,
  organizationId: r.organization_id,
  organizationName: r.organization_name,
  valid: r.valid,
  remark: r.remark,
});

export async function listHeld(
  db: Queryable,
  /** Whose cards (access/predicates.ts learnerRows): a learner their own, staff their learners'. */
  scope: Scope,
  filter: Partial<HeldFilter>,
  page: PageQuery,
): Promise<Page<Held>> {
  const sql = new SqlParams();
  const clauses = [learnerRows(scope, 'mm.member_id', sql)];
  const add = (clause: (p: string) => string, value: unknown) => {
    if (value !== undefined && value !== null) clauses.push(clause(sql.add(value)));
  };
  add((p) => `mm.member_id = ${p}`, filter.memberId);
  add((p) => `m.organization_id = ${p}`, filter.organizationId);
  add((p) => `mm.membership_id = ${p}`, filter.membershipId);
  add((p) => `ms.type = ${p}`, filter.type);
  add(
    (p) => `${p}::boolean = (mm.ended_at IS NULL AND mm.start_date <= now()
      AND mm.expire_date > now())`,
    filter.valid,
  );
  add((p) => `strpos(m.nickname, ${p}) > 0`, filter.keyword);
  const rows = await pagedRows<HeldRow>(
    db,
    {
      select: HELD_COLUMNS,
      from: `${HELD_FROM} WHERE ${clauses.join(' AND ')}`,
      params: sql.values,
      order: orderBy(page, heldSortable, 'mm.expire_date DESC', 'mm.id DESC'),
    },
    page,
  );
  return { ...rows, content: rows.content.map(toHeld) };
}

async function findHeld(db: Queryable, id: number): Promise<HeldRow> {
  const found = await db.query<HeldRow>(`SELECT ${HELD_COLUMNS} ${HELD_FROM} WHERE mm.id = $1`, [
    id,
  ]);
  if (!found.rows[0]) throw fail('NOT_FOUND', `会员卡记录 ${id} 不存在`);
  return found.rows[0];
}

const checkPeriod = (start: string | Date, expire: string | Date) => {
  if (new Date(expire).getTime() <= new Date(start).getTime()) {
    throw validationError([{ field: 'body.expireDate', message: '到期时间须晚于开始时间' }]);
  }
};

/** Held cards as platform staff work on them (bms memberMembership). */
export const heldStore: ResourceStore<
  Scope,
  z.output<typeof memberMembershipResource.create>,
  z.output<typeof memberMembershipResource.update>,
  HeldFilter,
  Held,
  Held,
  Pick<Held, 'id' | 'memberId' | 'expireDate' | 'valid'>
> = {
  async create({ services }, input) {
    checkPeriod(input.startDate, input.expireDate);
    await findMembership(services.pool, input.membershipId);
    const member = await services.pool.query('SELECT 1 FROM members WHERE id = $1', [
      input.memberId,
    ]);
    if (member.rowCount === 0) {
      throw validationError([{ field: 'body.memberId', message: `会员 ${input.memberId} 不存在` }]);
    }
    const inserted = await services.pool.query<{ id: number }>(
      `INSERT INTO member_memberships (member_id, membership_id, start_date, expire_date, remark)
       VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [input.memberId, input.membershipId, input.startDate, input.expireDate, input.remark],
    );
    return toHeld(await findHeld(services.pool, inserted.rows[0]!.id));
  },
  async update({ services }, input) {
    const held = await findHeld(services.pool, input.id);
    if (held.ended_at) throw fail('CONFLICT', '该会员卡已终止，不能修改');
    checkPeriod(input.startDate ?? held.start_date, input.expireDate ?? held.expire_date);
    await services.pool.query(
      `UPDATE member_memberships SET start_date = coalesce($2, start_date),
         expire_date = coalesce($3, expire_date), remark = $4 WHERE id = $1`,
      [input.id, input.startDate ?? null, input.expireDate ?? null, input.remark],
    );
    return toHeld(await findHeld(services.pool, input.id));
  },
  /** Ends the card now (history stays); a card granted by an order ends with its quit instead. */
  async remove({ services }, id) {
    const held = await findHeld(services.pool, id);
    if (held.order_id !== null) {
      throw fail('CONFLICT', '该卡由订单购买，请通过订单退卡（强制退卡）终止');
    }
    if (held.ended_at) throw fail('CONFLICT', '该会员卡已终止');
    await withTransaction(services.pool, (client) => endHeldCard(client, id, held.member_id));
  },
  get: async ({ services }, id) => toHeld(await findHeld(services.pool, id)),
  list: ({ services, scope }, filter, page) => listHeld(services.pool, scope, filter, page),
  simpleList: async ({ services, scope }, filter, page) => {
    const rows = await listHeld(services.pool, scope, filter, page);
    return {
      ...rows,
      content: rows.content.map(({ id, memberId, expireDate, valid }) => ({
        id,
        memberId,
        expireDate,
        valid,
      })),
    };
  },
};
