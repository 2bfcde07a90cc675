/**
 * Who may upload which kind of file, and who may read or delete a stored one (issue 9): the
 * uploader, platform staff, and staff as docs/classes.md says (mayManage). Learners reach course material through the course calls, which hand out
 * signed URLs once they have checked the learner may read the chapter.
 */
import type { FilePurpose } from '../../contract/file/purpose.ts';
import type { Auth } from '../http/sessions.ts';
import { learnerRows } from '../access/predicates.ts';
import { roleScope } from '../access/scope.ts';
import type { Queryable } from '../db/pool.ts';
import { SqlParams } from '../db/sql-params.ts';
import { fail } from '../http/app-error.ts';
import type { FileRow } from './rows.ts';

const isStaff = (auth: Auth) => auth.role === 'teacher' || auth.role === 'orgAdmin';

const UPLOADERS: Record<FilePurpose, { may: (auth: Auth) => boolean; who: string }> = {
  banner: { may: (a) => a.platformAdmin, who: '平台人员' },
  articleImage: { may: (a) => a.platformAdmin || isStaff(a), who: '教师或平台人员' },
  material: { may: (a) => a.platformAdmin || isStaff(a), who: '教师或平台人员' },
  document: { may: () => true, who: '登录用户' },
  noteImage: { may: () => true, who: '登录用户' },
  feedbackImage: { may: () => true, who: '登录用户' },
};

export function checkMayUpload(auth: Auth, purpose: FilePurpose, label: string): void {
  const rule = UPLOADERS[purpose];
  if (!rule.may(auth)) throw fail('FORBIDDEN', `只有${rule.who}可以上传${label}`);
}

/**
 * Who may read (through queryUrl) and delete a stored file, the rule of docs/classes.md "Who
 * reads what": platform staff all; the uploader their own; an organization's content (course
 * material, images) its staff; a member's document like any learner's row — their
 * organization's admin, and the teachers of their classes.
 */
export async function mayManage(db: Queryable, auth: Auth, row: FileRow): Promise<boolean> {
  if (auth.platformAdmin || row.ownerMemberId === auth.memberId) return true;
  const scope = roleScope(auth);
  if (scope.kind !== 'organization' || row.ownerMemberId === null) return false;
  // What a member tells the platform is the platform's to read, not their school's.
  if (row.purpose === 'feedbackImage') return false;
  if (row.purpose !== 'document') return row.organizationId === scope.organizationId;
  const sql = new SqlParams();
  // Typed, or Postgres cannot tell what a bare parameter compared with a parameter is.
  const owner = `${sql.add(row.ownerMemberId)}::int`;
  const { rowCount } = await db.query(
    `SELECT 1 WHERE ${learnerRows(scope, owner, sql)}`,
    sql.values,
  );
  return rowCount !== 0;
}
