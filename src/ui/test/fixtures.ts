import type { CurrentUser } from '../../contract/accounts/calls.ts';

/** A platform administrator (an orgAdmin of 示范校 with platform rights), as the demo data's demo_admin. */
export const platformAdmin: CurrentUser = {
  id: 2,
  userId: 2,
  username: 'demo_admin',
  nickname: '平台管理员',
  mobile: null,
  email: null,
  role: 'orgAdmin',
  organizationId: 1,
  organizationName: '示范校',
  platformAdmin: true,
  mustChangePassword: false,
};

/** A learner of 示范校, as the demo data's demo_student. */
export const demoStudent: CurrentUser = {
  id: 11,
  userId: 5,
  username: 'demo_student',
  nickname: '演示学生',
  mobile: null,
  email: null,
  role: 'student',
  organizationId: 1,
  organizationName: '示范校',
  platformAdmin: false,
  mustChangePassword: false,
};

/** A teacher of 示范校, as the demo data's demo_teacher. */
export const demoTeacher: CurrentUser = {
  id: 3,
  userId: 3,
  username: 'demo_teacher',
  nickname: '演示教练',
  mobile: null,
  email: null,
  role: 'teacher',
  organizationId: 1,
  organizationName: '示范校',
  platformAdmin: false,
  mustChangePassword: false,
};
