import { z } from 'zod';
import { decodeTextFields } from './text-input.ts';
import { describe, expect, it } from 'vitest';
import { actionsOf, defineResource, resourceCalls } from './resource.ts';

const note = defineResource({
  sortFields: ['id'],
  noun: '笔记',
  segment: 'note',
  item: z.object({ id: z.number(), text: z.string(), secret: z.string() }),
  listItem: z.object({ id: z.number(), text: z.string() }),
  simpleItem: z.object({ id: z.number() }),
  create: z.strictObject({ text: z.string() }),
  update: z.strictObject({ id: z.number(), text: z.string() }),
  filter: z.strictObject({ keyword: z.string().optional() }),
});

describe('resourceCalls', () => {
  it('follows docs/product-rules.md#call-conventions: methods, paths and ids per area', () => {
    const bms = resourceCalls(note, {
      area: 'bms',
      access: 'platformAdmin',
      ops: ['create', 'update', 'delete', 'queryById', 'queryList', 'querySimpleList'],
    });
    expect(Object.values(bms).map((c) => [c.id, c.method, c.path, c.access])).toEqual([
      ['bms.note.create', 'POST', '/bms/note/create', 'platformAdmin'],
      ['bms.note.update', 'PUT', '/bms/note/update', 'platformAdmin'],
      ['bms.note.delete', 'DELETE', '/bms/note/delete', 'platformAdmin'],
      ['bms.note.queryById', 'GET', '/bms/note/queryById', 'platformAdmin'],
      ['bms.note.queryList', 'POST', '/bms/note/queryList', 'platformAdmin'],
      ['bms.note.querySimpleList', 'POST', '/bms/note/querySimpleList', 'platformAdmin'],
    ]);
    const app = resourceCalls(note, { area: 'app', access: 'teacher', ops: ['create'] });
    expect(Object.values(app).map((c) => [c.id, c.path])).toEqual([
      ['note.create', '/note/create'],
    ]);
  });

  it('gives delete a JSON {id} body, queryById ?id=, lists a page query and a filter body', () => {
    const calls = resourceCalls(note, {
      area: 'edms',
      access: 'teacher',
      ops: ['delete', 'queryById', 'queryList'],
    });
    expect(Object.keys(calls)).toEqual([
      'edms.note.delete',
      'edms.note.queryById',
      'edms.note.queryList',
    ]);
    expect(calls['edms.note.delete'].body!.parse({ id: 7 })).toEqual({ id: 7 });
    // A JSON body's id is a number; a query's is text, decoded where it came in.
    expect(calls['edms.note.delete'].body!.safeParse({ id: '7' }).success).toBe(false);
    const query = calls['edms.note.queryById'].query!;
    expect(query.parse(decodeTextFields(query, { id: '3' }))).toEqual({ id: 3 });
    expect(calls['edms.note.queryList'].query!.parse({})).toEqual({ page: 0, size: 20 });
    expect(() => calls['edms.note.queryList'].body!.parse({ other: 1 })).toThrow();
  });

  it('lets an area show less of an item (learners)', () => {
    const learnerItem = z.strictObject({ id: z.number(), text: z.string() });
    const oj = resourceCalls(note, {
      area: 'oj',
      access: 'member',
      ops: ['queryById'],
      item: learnerItem,
    });
    expect(oj['oj.note.queryById'].response).toBe(learnerItem);
    expect(() =>
      oj['oj.note.queryById'].response.parse({ id: 1, text: 'x', secret: 's' }),
    ).toThrow();
  });

  it("gives the server one area's calls by action", () => {
    const calls = {
      ...resourceCalls(note, { area: 'bms', access: 'platformAdmin', ops: ['create', 'delete'] }),
      ...resourceCalls(note, { area: 'edms', access: 'teacher', ops: ['create'] }),
    };
    const bms = actionsOf(calls, 'bms', 'note');
    expect(Object.keys(bms)).toEqual(['create', 'delete']);
    expect(bms.create.id).toBe('bms.note.create');
    expect(actionsOf(calls, 'edms', 'note').create.access).toBe('teacher');
  });
});
