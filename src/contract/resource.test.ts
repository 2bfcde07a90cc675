import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { defineResource, resourceCalls } from './resource.ts';
import { crudRoutes, resourcePath } from './resource-routes.ts';

const note = defineResource({
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
  it('follows spec 001 §7: methods, paths and ids per area', () => {
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
    expect(resourcePath('app', 'note', 'create')).toBe('/note/create');
  });

  it('gives delete a JSON {id} body, queryById ?id=, lists a page query and a filter body', () => {
    const calls = resourceCalls(note, {
      area: 'edms',
      access: 'teacher',
      ops: ['delete', 'queryById', 'queryList'],
    });
    expect(Object.keys(calls)).toEqual(['delete', 'queryById', 'queryList']);
    expect(calls.delete.body!.parse({ id: '7' })).toEqual({ id: 7 });
    expect(calls.queryById.query!.parse({ id: '3' })).toEqual({ id: 3 });
    expect(calls.queryList.query!.parse({})).toEqual({ page: 0, size: 20 });
    expect(() => calls.queryList.body!.parse({ other: 1 })).toThrow();
  });

  it('lets an area show less of an item (learners)', () => {
    const learnerItem = z.strictObject({ id: z.number(), text: z.string() });
    const oj = resourceCalls(note, {
      area: 'oj',
      access: 'member',
      ops: ['queryById'],
      item: learnerItem,
    });
    expect(oj.queryById.response).toBe(learnerItem);
    expect(() => oj.queryById.response.parse({ id: 1, text: 'x', secret: 's' })).toThrow();
  });

  it('matches the zod-free routes the browser uses', () => {
    const routes = crudRoutes('oj', 'note', ['queryById', 'queryList']);
    const calls = resourceCalls(note, {
      area: 'oj',
      access: 'member',
      ops: ['queryById', 'queryList'],
    });
    for (const op of ['queryById', 'queryList'] as const) {
      expect(routes[op]).toEqual({
        id: calls[op].id,
        method: calls[op].method,
        path: calls[op].path,
      });
    }
  });
});
