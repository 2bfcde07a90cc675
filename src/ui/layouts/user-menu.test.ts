/**
 * The account area's menu by role (issue 25 item 11): a parent sees their children and none of
 * a learner's study pages; a learner sees no parent's page.
 */
import { describe, expect, it } from 'vitest';
import { userMenuFor } from './UserLayout.tsx';

const paths = (role: Parameters<typeof userMenuFor>[0]) => userMenuFor(role).map((i) => i.to);

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
});
