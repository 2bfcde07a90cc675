/**
 * The row predicates of docs/classes.md, "Who reads what", as SQL over a column, with bound
 * parameters (SqlParams). Each answers "which of these rows may the scope read?":
 *
 * | rows                       | platform | organization admin | teacher                          | learner            |
 * |----------------------------|----------|--------------------|----------------------------------|--------------------|
 * | an organization's (org col) | all      | their organization | their organization               | their organization |
 * | a learner's (member col)    | all      | their organization | their classes' students (view    | their own          |
 * |                            |          |                    | teacher_students), and their own |                    |
 * | classes (grade alias)       | all      | their organization | the classes they teach           | those they are in  |
 *
 * (What anyone may read of a class, its public catalogue, is the class's own rule:
 * server/grade/grades.ts.)
 *
 * A learner's rows are their answers, enrollments, orders, sittings, homework and settlements;
 * what a learner may see of an organization's content (published, public) is the content's own
 * rule, applied on top.
 *
 * A learner's rows that belong to something staff run (`learnerRowsIn`) — a class's roster,
 * homework and settlements, an organization's exam — are read by the learner (their own) and by
 * the staff who run it: for a class its organization's admin and the class's teachers; for an
 * exam its organization's admin, and its teachers for their students only.
 */
import { BINDING_READS } from '../../machines/lifecycles/parent-binding.ts';
import type { SqlParams } from '../db/sql-params.ts';
import type { Scope } from './scope.ts';

/** Rows owned by an organization (`col`, NULL for the platform): staff manage their own. */
export function managedBy(scope: Scope, col: string, sql: SqlParams): string {
  if (scope.kind === 'platform') return 'true';
  return `${col} = ${sql.add(scope.organizationId)}`;
}

/** The students a teacher may read: of the classes they teach, or bound to them. */
export const teacherStudents = (teacherParam: string) =>
  `SELECT ts.student_member_id FROM teacher_students ts WHERE ts.teacher_member_id = ${teacherParam}`;

/**
 * The children a parent reads (docs/decisions/parents.md, "Parents (issue 25)"): those bound to the
 * parent and confirmed by the child or their teacher (the binding lifecycle's `reads` states),
 * never on a request alone. A parent reads a child's rows as the child's own screens do, under the
 * child's learner scope (server/parent/children.ts), and only for the members this names.
 */
export function boundChildren(parentMemberId: number, sql: SqlParams): string {
  return `SELECT pb.child_member_id FROM parent_bindings pb
    WHERE pb.parent_member_id = ${sql.add(parentMemberId)}
      AND pb.state = ANY(${sql.add(BINDING_READS)}::text[])`;
}

/** Rows that belong to one learner (`col` a member id). */
export function learnerRows(scope: Scope, col: string, sql: SqlParams): string {
  switch (scope.kind) {
    case 'platform':
      return 'true';
    case 'learner':
      return `${col} = ${sql.add(scope.memberId)}`;
    case 'organization': {
      if (scope.role === 'orgAdmin') {
        return `EXISTS (SELECT 1 FROM members own WHERE own.id = ${col}
          AND own.organization_id = ${sql.add(scope.organizationId)})`;
      }
      const me = sql.add(scope.memberId);
      return `(${col} = ${me} OR ${col} IN (${teacherStudents(me)}))`;
    }
  }
}

/** Classes (`alias` a grades row) the scope works in: staff manage them, learners sit in them. */
export function gradeRows(scope: Scope, alias: string, sql: SqlParams): string {
  switch (scope.kind) {
    case 'platform':
      return 'true';
    case 'learner':
      return `EXISTS (SELECT 1 FROM grade_members gm WHERE gm.grade_id = ${alias}.id
        AND gm.member_id = ${sql.add(scope.memberId)})`;
    case 'organization': {
      const org = `${alias}.organization_id = ${sql.add(scope.organizationId)}`;
      if (scope.role === 'orgAdmin') return org;
      return `${org} AND EXISTS (SELECT 1 FROM grade_teachers gt WHERE gt.grade_id = ${alias}.id
        AND gt.member_id = ${sql.add(scope.memberId)})`;
    }
  }
}

/** Where a learner's rows belong: a class (`grade`, a grades alias) or an organization's item. */
export type RunBy = { grade: string } | { organization: string };

/**
 * A learner's rows (`member` a member id column) in something staff run (`by`): the learner
 * reads their own; platform staff all; for a class, those who manage the class (gradeRows);
 * for an organization's item (an exam), its organization's admin all and its teachers their
 * students' and their own (learnerRows).
 */
export function learnerRowsIn(scope: Scope, member: string, by: RunBy, sql: SqlParams): string {
  switch (scope.kind) {
    case 'platform':
      return 'true';
    case 'learner':
      return learnerRows(scope, member, sql);
    case 'organization': {
      if ('grade' in by) return gradeRows(scope, by.grade, sql);
      const runs = managedBy(scope, by.organization, sql);
      return scope.role === 'orgAdmin' ? runs : `${runs} AND ${learnerRows(scope, member, sql)}`;
    }
  }
}
