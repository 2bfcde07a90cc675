import { describe, expect, it } from 'vitest';
import { gradeLifecycle } from './grade.ts';
import { homeworkLifecycle } from './homework.ts';
import { allowedActions, isFinalState, nextState, refusalOf } from './lifecycle.ts';
import { memberApprovalLifecycle, organizationLifecycle } from './organization.ts';

describe('the class lifecycle', () => {
  it('publishes a draft, takes it back, and stops it for good', () => {
    expect(nextState(gradeLifecycle, 'draft', 'publish')).toBe('published');
    expect(nextState(gradeLifecycle, 'published', 'unpublish')).toBe('unpublished');
    expect(nextState(gradeLifecycle, 'unpublished', 'publish')).toBe('published');
    expect(nextState(gradeLifecycle, 'published', 'stop')).toBe('stopped');
    expect(nextState(gradeLifecycle, 'unpublished', 'stop')).toBe('stopped');
    expect(isFinalState(gradeLifecycle, 'stopped')).toBe(true);
  });

  it('refuses what a state does not allow, naming the state', () => {
    expect(nextState(gradeLifecycle, 'draft', 'stop')).toBeNull();
    expect(nextState(gradeLifecycle, 'stopped', 'publish')).toBeNull();
    expect(allowedActions(gradeLifecycle, 'draft')).toEqual(['publish']);
    expect(allowedActions(gradeLifecycle, 'published')).toEqual(['unpublish', 'stop']);
    expect(refusalOf(gradeLifecycle, 'stopped', 'publish')).toBe('班级当前为「已停止」，不能上架');
  });
});

describe('the homework lifecycle', () => {
  it('trusts a teacher by default, reviews when asked, and has no stop', () => {
    expect(nextState(homeworkLifecycle, 'none', 'submit', { trusted: true })).toBe('approved');
    expect(nextState(homeworkLifecycle, 'none', 'submit')).toBe('reviewing');
    expect(nextState(homeworkLifecycle, 'reviewing', 'publish')).toBeNull();
    expect(nextState(homeworkLifecycle, 'approved', 'publish')).toBe('published');
    expect(nextState(homeworkLifecycle, 'published', 'unpublish')).toBe('unpublished');
    expect(allowedActions(homeworkLifecycle, 'published')).toEqual(['unpublish']);
  });
});

describe('organization admission and member approval', () => {
  it('reviews an application, lets it be corrected, and never reviews a passed one again', () => {
    expect(nextState(organizationLifecycle, 'none', 'submit')).toBe('reviewing');
    expect(nextState(organizationLifecycle, 'none', 'submit', { trusted: true })).toBe('passed');
    expect(nextState(organizationLifecycle, 'reviewing', 'reject')).toBe('rejected');
    expect(nextState(organizationLifecycle, 'rejected', 'submit')).toBe('reviewing');
    expect(nextState(organizationLifecycle, 'passed', 'submit')).toBeNull();
    expect(refusalOf(organizationLifecycle, 'passed', 'pass')).toBe(
      '机构当前为「已通过」，不能审核通过',
    );
  });

  it('holds a member for approval until passed or rejected', () => {
    expect(nextState(memberApprovalLifecycle, 'reviewing', 'pass')).toBe('passed');
    expect(nextState(memberApprovalLifecycle, 'reviewing', 'reject')).toBe('rejected');
    expect(nextState(memberApprovalLifecycle, 'passed', 'reject')).toBeNull();
  });
});
