import { describe, expect, it } from 'vitest';
import { getInitialSnapshot, transition } from 'xstate';
import { doneEvent, errorEvent } from '../test-support.ts';
import { staffEditMachine, type StaffEditEvent } from './machine.ts';
import { selectAnswer } from './selectors.ts';

function after(events: StaffEditEvent[], outcome: StaffEditEvent) {
  let snapshot = getInitialSnapshot(staffEditMachine);
  for (const event of [...events, outcome]) {
    [snapshot] = transition(staffEditMachine, snapshot, event);
  }
  return snapshot;
}

describe('a staff write’s answer as a screen reads it', () => {
  const reset: StaffEditEvent = { type: 'SUBMIT', call: 'member.pwd', body: { id: 7 } };

  it('is the answer of the last write when that write was one of the calls asked about', () => {
    const done = after([reset], doneEvent('write', { id: 7, password: 'x7Kp2mQa' }));
    const answer = selectAnswer(done, ['member.pwd', 'edms.teacherMember.create']);
    expect(answer).toEqual({ id: 7, password: 'x7Kp2mQa' });
  });

  it('is null for another call’s write, a write still working, or one refused', () => {
    const done = after([reset], doneEvent('write', { id: 7, password: 'x7Kp2mQa' }));
    expect(selectAnswer(done, ['edms.teacherMember.create'])).toBeNull();
    const working = transition(staffEditMachine, getInitialSnapshot(staffEditMachine), reset)[0];
    expect(selectAnswer(working, ['member.pwd'])).toBeNull();
    const refused = after([reset], errorEvent('write', { message: '无权限', code: 40300 }));
    expect(selectAnswer(refused, ['member.pwd'])).toBeNull();
  });
});
