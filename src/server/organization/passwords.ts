/**
 * Passwords of an organization's people: staff reset one (member/pwd) or reset and export the
 * initial passwords of many (member/exportPwd) — only of people who never logged in, unless
 * forced, so a printed sheet never locks out someone already using their account. A member
 * changes their own with the old one (member/updatePwd). Any change ends the user's other
 * sessions. Passwords are never stored readable: what was generated is shown once.
 */
import type { FileAnswer } from '../http/multipart.ts';
import { learnerRows } from '../access/predicates.ts';
import type { Scope } from '../access/scope.ts';
import { SqlParams } from '../db/sql-params.ts';
import { withTransaction, type Pool, type Queryable } from '../db/pool.ts';
import { fail } from '../http/app-error.ts';
import { validationError } from '../http/validation-error.ts';
import { xlsxAnswer } from '../http/xlsx.ts';
import { generatePassword, hashPassword, verifyPassword } from '../security/password.ts';
import { assertMayEdit, readPerson } from './people.ts';

async function setPassword(
  db: Queryable,
  userId: number,
  passwordHash: string,
  keepSessionId: number | null,
) {
  // A new password is the one in use: a change an admin asked for (user/resetPwd) is done.
  await db.query(
    `UPDATE users SET password_hash = $2, must_change_password = false, updated_at = now()
      WHERE id = $1`,
    [userId, passwordHash],
  );
  await db.query(
    `UPDATE sessions SET revoked_at = now()
      WHERE user_id = $1 AND revoked_at IS NULL AND id IS DISTINCT FROM $2`,
    [userId, keepSessionId],
  );
}

/**
 * Whether staff may set this login's password: platform staff any; an organization's staff only
 * a login all of whose accounts they may read (an admin: all in their organization; a teacher:
 * all their own students). A user with any other account — elsewhere, or one the teacher does
 * not teach — changes their own password: adding someone's mobile never hands over their login.
 */
async function mayResetLogin(db: Queryable, scope: Scope, userId: number): Promise<boolean> {
  if (scope.kind === 'platform') return true;
  if (scope.kind === 'learner') return false;
  const sql = new SqlParams();
  const user = sql.add(userId);
  const { rows } = await db.query<{ other: boolean }>(
    `SELECT u.platform_admin OR EXISTS (SELECT 1 FROM members x WHERE x.user_id = u.id
              AND NOT (${learnerRows(scope, 'x.id', sql)})) AS other
       FROM users u WHERE u.id = ${user}`,
    sql.values,
  );
  return rows[0]?.other === false;
}

const SHARED_LOGIN = '该用户还有你无权管理的账号，密码只能由本人修改';

export async function resetPassword(
  pool: Pool,
  scope: Scope,
  id: number,
  password: string | undefined,
) {
  const row = await readPerson(pool, scope, 'members', id);
  assertMayEdit(scope, row);
  if (row.id === scope.memberId) throw fail('CONFLICT', '修改本人密码请使用「修改密码」');
  if (!(await mayResetLogin(pool, scope, row.user_id))) throw fail('FORBIDDEN', SHARED_LOGIN);
  const next = password ?? generatePassword();
  await withTransaction(pool, async (client) =>
    setPassword(client, row.user_id, await hashPassword(next), null),
  );
  return { id, password: next };
}

export async function updateOwnPassword(
  pool: Pool,
  auth: { userId: number; sessionId: number },
  oldPassword: string,
  newPassword: string,
) {
  const { rows } = await pool.query<{ password_hash: string }>(
    'SELECT password_hash FROM users WHERE id = $1',
    [auth.userId],
  );
  if (!rows[0] || !(await verifyPassword(oldPassword, rows[0].password_hash))) {
    throw validationError([{ field: 'body.oldPassword', message: '原密码不正确' }]);
  }
  if (oldPassword === newPassword) {
    throw validationError([{ field: 'body.newPassword', message: '新密码不能与原密码相同' }]);
  }
  const hash = await hashPassword(newPassword);
  await withTransaction(pool, (client) => setPassword(client, auth.userId, hash, auth.sessionId));
  return { updated: true as const };
}

interface ExportRow {
  nickname: string;
  realName: string;
  username: string;
  mobile: string | null;
  password: string;
  note: string;
}

export async function exportPasswords(
  pool: Pool,
  scope: Scope,
  memberIds: number[],
  force: boolean,
): Promise<FileAnswer> {
  const people = [];
  for (const id of memberIds) {
    const row = await readPerson(pool, scope, 'members', id);
    assertMayEdit(scope, row);
    people.push(row);
  }
  const own = new Set<number>();
  for (const p of people) if (await mayResetLogin(pool, scope, p.user_id)) own.add(p.id);
  const reset = people.filter(
    (p) => p.id !== scope.memberId && own.has(p.id) && (force || !p.last_login_at),
  );
  const passwords = reset.map(() => generatePassword());
  const hashes = await Promise.all(passwords.map((p) => hashPassword(p)));
  await withTransaction(pool, async (client) => {
    for (const [i, p] of reset.entries()) await setPassword(client, p.user_id, hashes[i]!, null);
  });
  const byId = new Map(reset.map((p, i) => [p.id, passwords[i]!]));
  const rows: ExportRow[] = people.map((p) => ({
    nickname: p.nickname,
    realName: p.real_name,
    username: p.username,
    mobile: p.mobile,
    password: byId.get(p.id) ?? '',
    note: byId.has(p.id)
      ? '已重置，请首次登录后修改'
      : p.id === scope.memberId
        ? '本人账号未重置'
        : !own.has(p.id)
          ? `未重置：${SHARED_LOGIN}`
          : '已登录过，未重置（勾选强制重置可重置）',
  }));
  return xlsxAnswer(
    '初始密码.xlsx',
    '初始密码',
    [
      { header: '昵称', value: (r: ExportRow) => r.nickname },
      { header: '姓名', value: (r) => r.realName },
      { header: '用户名', width: 18, value: (r) => r.username },
      { header: '手机号', width: 14, value: (r) => r.mobile },
      { header: '初始密码', width: 14, value: (r) => r.password },
      { header: '说明', width: 36, value: (r) => r.note },
    ],
    rows,
  );
}
