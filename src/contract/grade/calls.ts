import { z } from 'zod';
import { defineCalls } from '../call.ts';
import { pageOf, pageQueryOf } from '../paging.ts';

/** Grade (class) status values; the start-up list asks for ['4','1','2','3','5']. */
export const gradeStatus = z.enum(['0', '1', '2', '3', '4', '5']);

export const gradeListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  status: gradeStatus,
  isPublic: z.boolean(),
  sort: z.number().int(),
  appId: z.string(),
  organizationId: z.number().int(),
  organizationName: z.string(),
  teacherName: z.string().nullable(),
  memberCount: z.number().int(),
  priceFen: z.number().int(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
});

/** What the class list sorts by. */
export const GRADE_SORT = ['sort', 'id', 'name', 'startTime'] as const;

export const grade = defineCalls({
  'grade.queryList': {
    method: 'POST',
    access: 'public',
    summary: '班级列表（启动时：page 0, size 100, sort=sort,asc）',
    query: pageQueryOf(GRADE_SORT),
    body: z.strictObject({
      statusList: z.array(gradeStatus).max(6).optional(),
      isPublic: z.boolean().optional(),
      appIds: z.array(z.string().max(64)).max(20).optional(),
      name: z.string().max(64).optional(),
    }),
    response: pageOf(gradeListItem),
  },
});
