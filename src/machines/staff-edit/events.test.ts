import { describe, expect, it } from 'vitest';
import { staffWrite } from './events.ts';

describe('a staff write as a screen asks for it', () => {
  it('is the SUBMIT event the log records: the call’s id and the body', () => {
    expect(staffWrite('edms.activity.update', { id: 8, capacity: null })).toEqual({
      type: 'SUBMIT',
      call: 'edms.activity.update',
      body: { id: 8, capacity: null },
    });
  });

  it('is typed by its call: a body the call does not take, or a call that is no staff write, does not compile', () => {
    // A field the call does not have, and a value of the wrong type.
    // @ts-expect-error `titel` is no field of edms.activity.update
    staffWrite('edms.activity.update', { id: 8, titel: '冬季热身赛' });
    // @ts-expect-error capacity is a number or null
    staffWrite('edms.activity.update', { id: 8, capacity: '60' });
    // @ts-expect-error the call's required id is missing
    staffWrite('bms.exam.publish', {});
    // @ts-expect-error a learner's own profile is not a staff write
    staffWrite('oj.member.update', { nickname: '小明' });
    // An upload carries its file beside the schema's fields.
    expect(staffWrite('edms.question.importZip', { id: 3, file: new Blob(['1.in']) }).type).toBe(
      'SUBMIT',
    );
  });
});
