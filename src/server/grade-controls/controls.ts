/**
 * What a class lets its students do (grade/controls; the calls are served by
 * server/grade/handlers.ts). A folder of its own, below the class domain, so that practice and
 * answers (member-question), the AI assistant and the organization's member admin read a
 * control without depending on classes.
 *
 * A class that says nothing about a control has its default. Where a learner is in several
 * classes, a control that grants something (see test cases, see solutions) is granted by any of
 * them, and one that allows something by default (use the AI assistant, practise outside
 * homework, see rankings) is withheld by any of them: the stricter teacher wins.
 *
 * Enforced today: test cases (member-question answers), practice outside homework (submitting
 * and running questions not in the learner's homework), rankings (the points ranking). The AI
 * assistant and paid solutions are kept for their features (issues 9 and 10), which read
 * `controlAllows` when they land.
 */
import type { z } from 'zod';
import {
  GRADE_CONTROL_CODES,
  type GradeControlCode,
  type gradeControlItem,
} from '../../contract/grade/controls.ts';
import { withTransaction, type Pool, type Queryable } from '../db/pool.ts';
import { preparedStatement } from '../db/prepared.ts';
import { fail } from '../http/app-error.ts';

type ControlItem = z.infer<typeof gradeControlItem>;

interface ControlDefinition {
  name: string;
  description: string;
  defaultEnabled: boolean;
}

export const CONTROL_DEFINITIONS: Record<GradeControlCode, ControlDefinition> = {
  viewTestCases: {
    name: '查看测试用例',
    description: '学员可查看未通过测试点的输入与期望输出（无需会员权益）',
    defaultEnabled: false,
  },
  viewSolutions: {
    name: '查看题解',
    description: '学员可查看题目的题解与讲解视频',
    defaultEnabled: false,
  },
  useAiAssistant: {
    name: '使用 AI 助手',
    description: '学员可在做题和报告页使用 AI 助手',
    defaultEnabled: true,
  },
  practiseOutsideHomework: {
    name: '作业外自由练习',
    description: '关闭后，学员只能提交和运行作业中的题目',
    defaultEnabled: true,
  },
  viewRanking: {
    name: '查看排行榜',
    description: '学员可查看积分排行',
    defaultEnabled: true,
  },
};

export async function listControls(db: Queryable, gradeId: number): Promise<ControlItem[]> {
  const { rows } = await db.query<{ code: GradeControlCode; enabled: boolean; updated_at: Date }>(
    'SELECT code, enabled, updated_at FROM grade_controls WHERE grade_id = $1',
    [gradeId],
  );
  return GRADE_CONTROL_CODES.map((code) => {
    const set = rows.find((r) => r.code === code);
    const def = CONTROL_DEFINITIONS[code];
    return {
      gradeId,
      code,
      name: def.name,
      description: def.description,
      enabled: set?.enabled ?? def.defaultEnabled,
      isDefault: set === undefined,
      updatedAt: set?.updated_at.toISOString() ?? null,
    };
  });
}

export async function setControls(
  pool: Pool,
  gradeId: number,
  controls: { code: GradeControlCode; enabled: boolean }[],
  memberId: number,
): Promise<ControlItem[]> {
  await withTransaction(pool, async (client) => {
    for (const c of controls) {
      await client.query(
        `INSERT INTO grade_controls (grade_id, code, enabled, updated_by_member_id)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT (grade_id, code) DO UPDATE SET enabled = EXCLUDED.enabled,
           updated_at = now(), updated_by_member_id = EXCLUDED.updated_by_member_id`,
        [gradeId, c.code, c.enabled, memberId],
      );
    }
  });
  return listControls(pool, gradeId);
}

export async function resetControl(pool: Pool, gradeId: number, code: GradeControlCode) {
  await pool.query('DELETE FROM grade_controls WHERE grade_id = $1 AND code = $2', [gradeId, code]);
  return oneControl(pool, gradeId, code);
}

export async function oneControl(db: Queryable, gradeId: number, code: GradeControlCode) {
  return (await listControls(db, gradeId)).find((c) => c.code === code)!;
}

/** The settings of `code` in the member's open classes (placeholders or columns). */
const controlsOfMemberFrom = (member: string, code: string) =>
  `FROM grade_members gm
     JOIN grades g ON g.id = gm.grade_id AND g.deleted_at IS NULL AND g.state <> 'stopped'
     JOIN grade_controls gc ON gc.grade_id = gm.grade_id AND gc.code = ${code}
    WHERE gm.member_id = ${member}`;

/** Asked by every submission and run: prepared (db/prepared.ts). */
const controlsOfMember = preparedStatement<{ enabled: boolean }>(
  'grade-controls-of-member',
  `SELECT gc.enabled ${controlsOfMemberFrom('$1', '$2')}`,
);

/**
 * The same settings as one JSON column (an array of `enabled`) of a larger read: the practice
 * gate reads them with the question in one statement (member-question/practice-gate.ts).
 */
export const controlsColumn = (member: string, code: string) =>
  `(SELECT coalesce(json_agg(gc.enabled), '[]'::json) ${controlsOfMemberFrom(member, code)})`;

/** What the settings of `code` in the learner's classes say (see the rule above). */
function controlsSay(code: GradeControlCode, enabled: readonly boolean[]): boolean {
  return CONTROL_DEFINITIONS[code].defaultEnabled ? enabled.every(Boolean) : enabled.some(Boolean);
}

/** The controls of the learner's classes say yes to `code` (see the rule above). */
export async function controlAllows(
  db: Queryable,
  memberId: number,
  code: GradeControlCode,
): Promise<boolean> {
  const { rows } = await controlsOfMember(db, [memberId, code]);
  return controlsSay(
    code,
    rows.map((r) => r.enabled),
  );
}

/**
 * Refuses practice outside homework where a class of the learner turned it off: the question
 * must be in homework assigned to them. `enabled`, when the caller has read the settings
 * already (controlsColumn), saves asking again.
 */
export async function assertMayPractise(
  db: Queryable,
  memberId: number,
  questionId: number,
  enabled?: readonly boolean[],
) {
  const allowed =
    enabled === undefined
      ? await controlAllows(db, memberId, 'practiseOutsideHomework')
      : controlsSay('practiseOutsideHomework', enabled);
  if (allowed) return;
  const { rows } = await db.query(
    `SELECT 1 FROM homework_enrolls he
       JOIN homework_questions hq ON hq.homework_id = he.homework_id
       JOIN homeworks h ON h.id = he.homework_id AND h.deleted_at IS NULL
      WHERE he.member_id = $1 AND hq.question_id = $2 LIMIT 1`,
    [memberId, questionId],
  );
  if (rows.length === 0) {
    throw fail('FORBIDDEN', '你所在的班级已关闭作业外练习：只能提交和运行作业中的题目');
  }
}
