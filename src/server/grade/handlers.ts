import { grade } from '../../contract/grade/calls.ts';
import type { gradeStatus } from '../../contract/grade/calls.ts';
import type { z } from 'zod';
import { handle } from '../http/handler.ts';
import { containsPattern, orderBy, pagedRows } from '../http/paging.ts';
import type { GRADE_SORT } from '../../contract/grade/calls.ts';
import type { SortColumns } from '../http/paging.ts';

const sortable: SortColumns<typeof GRADE_SORT> = {
  sort: 'g.sort',
  id: 'g.id',
  name: 'g.name',
  startTime: 'g.start_time',
};

interface GradeRow {
  id: number;
  name: string;
  description: string;
  status: z.infer<typeof gradeStatus>;
  is_public: boolean;
  sort: number;
  app_id: string;
  organization_id: number;
  organization_name: string;
  teacher_name: string | null;
  member_count: number;
  price_fen: number;
  start_time: Date | null;
  end_time: Date | null;
}

export const gradeHandlers = [
  /**
   * The public class catalogue: published ('1'..'5') public classes of active organizations,
   * narrowed by the filters. Drafts and private classes belong to the teacher area (later).
   */
  handle(grade['grade.queryList'], async ({ query, body, services }) => {
    const status = `grade_status(g.state, g.enroll_start_at, g.start_time, g.end_time, now())`;
    const where = `g.is_public AND g.deleted_at IS NULL AND g.state IN ('published', 'stopped')
      AND o.status = 'active' AND ($1::text[] IS NULL OR ${status} = ANY($1))
      AND ($2::boolean IS NULL OR g.is_public = $2)
      AND ($3::text[] IS NULL OR g.app_id = ANY($3))
      AND ($4::text IS NULL OR g.name ILIKE $4)`;
    const filters = [
      body.statusList ?? null,
      body.isPublic ?? null,
      body.appIds ?? null,
      body.name ? containsPattern(body.name) : null,
    ];
    const rows = await pagedRows<GradeRow>(
      services.pool,
      {
        select: `g.id, g.name, g.description, ${status} AS status, g.is_public, g.sort, g.app_id,
                 g.organization_id, o.name AS organization_name, t.nickname AS teacher_name,
                 (SELECT count(*)::int FROM grade_members gm WHERE gm.grade_id = g.id) AS member_count,
                 g.price_fen, g.start_time, g.end_time`,
        from: `FROM grades g JOIN organizations o ON o.id = g.organization_id
               LEFT JOIN members t ON t.id = g.teacher_member_id
              WHERE ${where}`,
        params: filters,
        order: orderBy(query, sortable, 'g.sort ASC', 'g.id ASC'),
      },
      query,
    );
    const content = rows.content.map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      status: r.status,
      isPublic: r.is_public,
      sort: r.sort,
      appId: r.app_id,
      organizationId: r.organization_id,
      organizationName: r.organization_name,
      teacherName: r.teacher_name,
      memberCount: r.member_count,
      priceFen: r.price_fen,
      startTime: r.start_time?.toISOString() ?? null,
      endTime: r.end_time?.toISOString() ?? null,
    }));
    return { ...rows, content };
  }),
];
