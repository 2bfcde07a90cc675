/**
 * The side menus, assembled from the screens' own entries (menus.ts): the account area's by role
 * (issue 25 item 11: a parent sees their children and none of a learner's study pages; a learner
 * sees no parent's page), and the back offices' in their declared order.
 */
import { describe, expect, it } from 'vitest';
import { routesOf } from '../app/client-module.ts';
import { CLIENT_MODULES } from '../app/modules.ts';
import type { ScreenRoute } from '../routes/screen-route.ts';
import { isCurrent, learnerPagesOf, menuForOperates, menuForRole, menuOf } from './menus.ts';

const { screens } = routesOf(CLIENT_MODULES);
const userMenu = menuOf(screens, 'user');
const paths = (role: Parameters<typeof menuForRole>[1]) =>
  menuForRole(userMenu, role).map((i) => i.to);

describe('the account menu', () => {
  it('gives a parent their children instead of a learner’s classes, homework and exams', () => {
    expect(paths('parent')).toContain('/user/children');
    for (const learnerOnly of ['/user/class', '/user/homework', '/user/exam', '/user/report']) {
      expect(paths('parent')).not.toContain(learnerOnly);
    }
    expect(paths('parent')).toEqual(expect.arrayContaining(['/user/wallet', '/order']));
  });

  it('gives a learner no parent’s page', () => {
    expect(paths('student')).not.toContain('/user/children');
    expect(paths('student')).toContain('/user/homework');
  });

  it('shows everyone’s entries before the session is known, in their order', () => {
    expect(paths(null)).toEqual([
      '/user/accout',
      '/user/children',
      '/user/class',
      '/user/homework',
      '/user/exam',
      '/user/report',
      '/user/wallet',
      '/order',
      '/user/chatHistory',
      '/user/document',
      '/user/messages',
      '/user/feedback',
    ]);
  });

  it('counts a class page a learner’s page though it has no entry', () => {
    expect(learnerPagesOf(screens)).toContain('/user/grade');
    expect(learnerPagesOf(screens)).not.toContain('/user/wallet');
  });

  it('marks 我的孩子 current on a child’s page', () => {
    const children = userMenu.find((item) => item.to === '/user/children')!;
    expect(isCurrent(children, '/user/child')).toBe(true);
    expect(isCurrent(children, '/user/class')).toBe(false);
  });
});

describe('the back offices’ menus', () => {
  it('lists the platform’s screens in their order', () => {
    expect(menuOf(screens, 'admin').map((item) => item.to)).toEqual([
      '/admin/approvals',
      '/admin/organizations',
      '/admin/classes',
      '/admin/courses',
      '/admin/chapters',
      '/admin/questions',
      '/admin/answers',
      '/admin/content',
      '/admin/homework',
      '/admin/orders',
      '/admin/memberships',
      '/admin/wallets',
      '/admin/exams',
      '/admin/papers',
      '/admin/activities',
      '/admin/dicts',
      '/admin/banners',
      '/admin/settings',
      '/admin/apps',
      '/admin/ai-prompts',
      '/admin/roles',
      '/admin/users',
      '/admin/blacklist',
      '/admin/resources',
      '/admin/feedback',
      '/admin/sys-log',
    ]);
  });

  it('lists an organization’s screens in their order, each marked current below itself', () => {
    const manage = menuOf(screens, 'manage');
    expect(manage.map((item) => item.to)).toEqual([
      '/manage/dashboard',
      '/manage/approvals',
      '/manage/classes',
      '/manage/courses',
      '/manage/chapters',
      '/manage/questions',
      '/manage/documents',
      '/manage/homework',
      '/manage/members',
      '/manage/teachers',
      '/manage/roles',
      '/manage/organization',
      '/manage/orders',
      '/manage/exams',
      '/manage/papers',
      '/manage/activities',
    ]);
    const exams = manage.find((item) => item.to === '/manage/exams')!;
    expect(isCurrent(exams, '/manage/exams/monitor')).toBe(true);
    expect(isCurrent(exams, '/manage/examsx')).toBe(false);
  });

  it('names a staff operate for every entry, so a role shows only what it grants', () => {
    for (const layout of ['admin', 'manage'] as const) {
      for (const item of menuOf(screens, layout)) expect(item.operate, item.to).toBeDefined();
    }
    // 阅卷老师 (seed/roles.ts): the homework list is all its menu holds.
    const granted = new Set(['edms.homework.queryList', 'edms.homework.queryById']);
    const grader = menuForOperates(menuOf(screens, 'manage'), (op) => granted.has(op));
    expect(grader.map((item) => item.to)).toEqual(['/manage/homework']);
  });

  it('refuses two entries at one place rather than pick an order', () => {
    const at = (path: string): ScreenRoute => ({
      path,
      layout: 'manage',
      guard: { kind: 'public' },
      screen: async () => ({ Component: () => null }),
      menu: { label: 'staff.menu.exams', order: 5 },
    });
    expect(() => menuOf([at('/manage/a'), at('/manage/b')], 'manage')).toThrow(
      /\/manage\/a.*\/manage\/b/,
    );
  });
});
