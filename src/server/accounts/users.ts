import type { Queryable } from '../db/pool.ts';
import { fail } from '../http/app-error.ts';
import { hashPassword } from '../security/password.ts';

export interface LoginUser {
  id: number;
  passwordHash: string;
  status: 'active' | 'disabled';
}

interface LoginUserRow {
  id: number;
  password_hash: string;
  status: 'active' | 'disabled';
}

const toLoginUser = (row: LoginUserRow | undefined): LoginUser | null =>
  row ? { id: row.id, passwordHash: row.password_hash, status: row.status } : null;

/** A user by id, as sign-in needs them (an identity proven elsewhere: WeChat, SSO). */
export async function findLoginUser(db: Queryable, id: number): Promise<LoginUser | null> {
  const result = await db.query<LoginUserRow>(
    'SELECT id, password_hash, status FROM users WHERE id = $1',
    [id],
  );
  return toLoginUser(result.rows[0]);
}

/** The user a login name designates: a username (any case) or a mobile number. */
export async function findUserByLogin(db: Queryable, login: string): Promise<LoginUser | null> {
  const result = await db.query<LoginUserRow>(
    `SELECT id, password_hash, status FROM users
      WHERE lower(username) = lower($1) OR mobile = $1
      ORDER BY (lower(username) = lower($1)) DESC LIMIT 1`,
    [login],
  );
  return toLoginUser(result.rows[0]);
}

export async function findUserByMobile(db: Queryable, mobile: string): Promise<LoginUser | null> {
  const result = await db.query<LoginUserRow>(
    'SELECT id, password_hash, status FROM users WHERE mobile = $1',
    [mobile],
  );
  return toLoginUser(result.rows[0]);
}

/** The organization self-registered learners join: the oldest active public one. */
export async function publicOrganizationId(db: Queryable): Promise<number> {
  const result = await db.query<{ id: number }>(
    `SELECT id FROM organizations WHERE is_public AND status = 'active' ORDER BY id LIMIT 1`,
  );
  const id = result.rows[0]?.id;
  if (id === undefined) throw new Error('no public organization: the seed did not run');
  return id;
}

/**
 * Creates a login user and their student member, in the public organization unless another is
 * named (single sign-on's SSO_CREATE_IN). A taken username, mobile or e-mail is a CONFLICT
 * (checked by the unique indexes, so two concurrent registrations cannot both win).
 */
export async function createStudentAccount(
  db: Queryable,
  input: {
    username: string;
    password: string;
    nickname: string;
    organizationId?: number;
    mobile?: string | null;
    email?: string | null;
  },
): Promise<{ userId: number; memberId: number }> {
  const passwordHash = await hashPassword(input.password);
  const organizationId = input.organizationId ?? (await publicOrganizationId(db));
  const user = await db.query<{ id: number }>(
    `INSERT INTO users (username, password_hash, nickname, mobile, email)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT DO NOTHING RETURNING id`,
    [input.username, passwordHash, input.nickname, input.mobile ?? null, input.email ?? null],
  );
  const userId = user.rows[0]?.id;
  if (userId === undefined) throw fail('CONFLICT', '用户名已被占用');
  const member = await db.query<{ id: number }>(
    `INSERT INTO members (user_id, organization_id, role, nickname)
     VALUES ($1, $2, 'student', $3) RETURNING id`,
    [userId, organizationId, input.nickname],
  );
  const memberId = member.rows[0]!.id;
  await db.query('UPDATE users SET last_member_id = $2 WHERE id = $1', [userId, memberId]);
  return { userId, memberId };
}
