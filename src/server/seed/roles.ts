/**
 * The demo school's custom role (issue 27 item 1; docs/decisions/admin-and-identity.md): 阅卷老师,
 * who reads the classes' homework and grades it by hand, and nothing else; held by demo_grader,
 * a teacher of the two running classes. Seeded when demo_grader is created: staff may rename the
 * role, change what it grants or delete it, and a later start leaves that alone.
 */
import type { Pool } from '../db/pool.ts';
import { DEMO_ACCOUNTS, DEMO_ORGANIZATION } from './demo-data.ts';

export const DEMO_GRADER_ROLE = {
  name: '阅卷老师',
  remark: '只看作业与批改总览，登记与修改人工得分',
  callIds: [
    'edms.homework.queryList',
    'edms.homework.queryById',
    'edms.homework.queryQuestionList',
    'edms.homeworkEnroll.queryEnrolledMemberListByHomework',
    'edms.homeworkMemberQuestion.queryStatisticsGroupByMember',
    'edms.homeworkMemberQuestion.queryListByHomeworkEnroll',
    'edms.homeworkMemberQuestion.queryById',
    'edms.homeworkMemberQuestion.create',
    'edms.homeworkMemberQuestion.update',
  ],
} as const;

export async function seedDemoRoles(pool: Pool): Promise<void> {
  const grader = await pool.query<{ id: number; organization_id: number }>(
    `SELECT m.id, m.organization_id FROM members m JOIN users u ON u.id = m.user_id
       JOIN organizations o ON o.id = m.organization_id
      WHERE u.username = $1 AND o.name = $2 AND m.role = 'teacher'`,
    [DEMO_ACCOUNTS.grader.username, DEMO_ORGANIZATION],
  );
  const member = grader.rows[0];
  if (!member) return;
  const role = await pool.query<{ id: number }>(
    `INSERT INTO roles (organization_id, name, remark) VALUES ($1, $2, $3)
     ON CONFLICT DO NOTHING RETURNING id`,
    [member.organization_id, DEMO_GRADER_ROLE.name, DEMO_GRADER_ROLE.remark],
  );
  const roleId = role.rows[0]?.id;
  if (roleId === undefined) return;
  await pool.query(
    `INSERT INTO role_operates (role_id, call_id)
     SELECT $1, call_id FROM resource_operates WHERE call_id = ANY($2::text[])`,
    [roleId, DEMO_GRADER_ROLE.callIds],
  );
  await pool.query('INSERT INTO member_roles (member_id, role_id) VALUES ($1, $2)', [
    member.id,
    roleId,
  ]);
  // A teacher's rows are their classes' (docs/classes.md): the grader grades the classes the
  // demo teacher runs in the demo school.
  await pool.query(
    `INSERT INTO grade_teachers (grade_id, member_id)
     SELECT DISTINCT gt.grade_id, $1::int FROM grade_teachers gt
       JOIN members m ON m.id = gt.member_id JOIN users u ON u.id = m.user_id
      WHERE u.username = $2 AND m.organization_id = $3
     ON CONFLICT DO NOTHING`,
    [member.id, DEMO_ACCOUNTS.teacher.username, member.organization_id],
  );
}
