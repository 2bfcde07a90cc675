/**
 * What the course domain's sub-resources (./courses.ts, ./course-units.ts, ./purchase.ts)
 * share, written once: who reads and writes courses in each area, as their calls' notes say.
 */

export const publicNote =
  '读：任何人（已发布且审核通过的课程；本机构成员另可见本机构已发布的课程；教职工可见可管理的全部）';
export const platformNote = '平台管理员：全部课程；写平台课程，审核机构课程';
export const teacherNote =
  '教师：平台课程（只读）与本机构课程；机构课程发布后须平台审核通过才对机构外可见';
export const appWriteNote = '本机构教师、机构管理员（或无机构角色的平台管理员）';
