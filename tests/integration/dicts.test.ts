/**
 * Dictionaries over real HTTP (contract/dict/calls.ts): the seeded built-in ones, platform
 * staff's writes and their refusals (duplicate code or value, built-in delete and rename, item
 * values of a built-in dictionary, other roles), and who reads which lists.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dict } from '../../src/contract/dict/calls.ts';
import { ErrorCode } from '../../src/contract/errors.ts';
import type { Transport } from '../../src/transport/client.ts';
import { sdk } from '../support/api.ts';
import { failureOf } from '../support/errors.ts';
import { startTestPlatform } from '../support/platform.ts';
import type { TestPlatform } from '../support/platform.ts';
import { loginAs } from '../support/sessions.ts';

let platform: TestPlatform;
let admin: Transport;
let teacher: Transport;
let student: Transport;
let anonymous: Transport;

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = (await loginAs(platform, 'admin')).api;
  teacher = (await loginAs(platform, 'teacher')).api;
  student = (await loginAs(platform, 'student')).api;
  anonymous = sdk(platform.apiUrl);
});
afterAll(async () => {
  await platform?.stop();
});

const builtIn = async (code: string) => {
  const list = await admin.call(dict['dict.queryBuildInList'], { body: {} });
  const found = list.find((d) => d.code === code);
  if (!found) throw new Error(`no built-in dictionary ${code}`);
  return found;
};

describe('built-in dictionaries', () => {
  it('are seeded: the ones the code reads and the course dictionaries', async () => {
    const list = await teacher.call(dict['dict.queryBuildInList'], { body: {} });
    expect(list.map((d) => d.code)).toEqual(
      expect.arrayContaining(['gradeStatus', 'courseTag', 'courseLevel', 'chapterTag']),
    );
    expect(list.every((d) => d.builtIn)).toBe(true);
    const levels = await anonymous.call(dict['dict.queryByValue'], {
      query: { value: 'courseLevel' },
    });
    expect(levels.itemList.map((i) => i.label)).toEqual(['入门', '普及', '提高', '省选']);
  });

  it('cannot be deleted or get another code', async () => {
    const grade = await builtIn('gradeStatus');
    const removed = await failureOf(admin.call(dict['dict.delete'], { body: { id: grade.id } }));
    expect(removed.code).toBe(ErrorCode.FORBIDDEN);
    expect(removed.message).toBe('gradeStatus 是内置字典，不能删除');
    const renamed = await failureOf(
      admin.call(dict['dict.update'], {
        body: { id: grade.id, code: 'gradeState', name: '班级状态' },
      }),
    );
    expect(renamed.fieldErrors['body.code']).toBe('gradeStatus 是内置字典，编码不能修改');
    // Its name and description may change.
    const described = await admin.call(dict['dict.update'], {
      body: { id: grade.id, code: 'gradeStatus', name: '班级状态', description: '由日期推出' },
    });
    expect(described).toMatchObject({ code: 'gradeStatus', description: '由日期推出' });
  });

  it('keep their items and the items’ values; a label changes and an item can be disabled', async () => {
    const tags = await builtIn('courseTag');
    const items = await admin.call(dict['dict.queryItemList'], { body: { dictId: tags.id } });
    const search = items.find((i) => i.value === '搜索')!;
    const removed = await failureOf(
      admin.call(dict['dict.deleteItem'], { body: { id: search.id } }),
    );
    expect(removed.code).toBe(ErrorCode.FORBIDDEN);
    expect(removed.message).toContain('属于内置字典，不能删除');
    const revalued = await failureOf(
      admin.call(dict['dict.updateItem'], {
        body: { id: search.id, value: 'search', label: search.label, sort: search.sort },
      }),
    );
    expect(revalued.fieldErrors['body.value']).toContain('内置字典的字典项值不能修改');
    await admin.call(dict['dict.updateItem'], {
      body: {
        id: search.id,
        value: '搜索',
        label: '搜索与回溯',
        sort: search.sort,
        enabled: false,
      },
    });
    const offered = await anonymous.call(dict['dict.queryByValue'], {
      query: { value: 'courseTag' },
    });
    expect(offered.itemList.map((i) => i.value)).not.toContain('搜索');
    // Staff still see it, to enable it again; others see what is offered.
    const staffView = await admin.call(dict['dict.queryItemList'], { body: { code: 'courseTag' } });
    expect(staffView.find((i) => i.value === '搜索')).toMatchObject({
      label: '搜索与回溯',
      enabled: false,
    });
    const publicView = await student.call(dict['dict.queryItemList'], {
      body: { code: 'courseTag' },
    });
    expect(publicView.map((i) => i.value)).not.toContain('搜索');
  });
});

describe('a dictionary of platform staff', () => {
  it('is created with items, listed, changed and deleted with its items', async () => {
    const created = await admin.call(dict['dict.create'], {
      body: { code: 'contestKind', name: '比赛类型' },
    });
    expect(created).toMatchObject({ builtIn: false, itemCount: 0 });
    const noip = await admin.call(dict['dict.createItem'], {
      body: { dictId: created.id, value: 'noip', label: 'NOIP', sort: 2 },
    });
    await admin.call(dict['dict.createItem'], {
      body: { dictId: created.id, value: 'csp', label: 'CSP', sort: 1 },
    });
    const byValue = await anonymous.call(dict['dict.queryByValue'], {
      query: { value: 'contestKind' },
    });
    expect(byValue.itemList).toEqual([
      { value: 'csp', label: 'CSP' },
      { value: 'noip', label: 'NOIP' },
    ]);
    await admin.call(dict['dict.updateItem'], {
      body: { id: noip.id, value: 'noi', label: 'NOI', sort: 2 },
    });
    await admin.call(dict['dict.deleteItem'], { body: { id: noip.id } });
    const page = await teacher.call(dict['dict.queryList'], { body: { keyword: 'contest' } });
    expect(page.content).toEqual([expect.objectContaining({ code: 'contestKind', itemCount: 1 })]);
    const renamed = await admin.call(dict['dict.update'], {
      body: { id: created.id, code: 'contestType', name: '比赛类型' },
    });
    expect(renamed.code).toBe('contestType');
    await admin.call(dict['dict.delete'], { body: { id: created.id } });
    const gone = await failureOf(
      anonymous.call(dict['dict.queryByValue'], { query: { value: 'contestType' } }),
    );
    expect(gone.code).toBe(ErrorCode.NOT_FOUND);
    const { rows } = await platform.pool.query('SELECT 1 FROM dict_items WHERE dict_id = $1', [
      created.id,
    ]);
    expect(rows).toEqual([]);
  });

  it('refuses a taken code, a taken item value, a bad code and a missing dictionary', async () => {
    const taken = await failureOf(
      admin.call(dict['dict.create'], { body: { code: 'gradeStatus', name: '另一个' } }),
    );
    expect(taken.fieldErrors['body.code']).toBe('字典编码 gradeStatus 已存在');
    const own = await admin.call(dict['dict.create'], { body: { code: 'roomKind', name: '教室' } });
    const renameToTaken = await failureOf(
      admin.call(dict['dict.update'], { body: { id: own.id, code: 'courseTag', name: '教室' } }),
    );
    expect(renameToTaken.fieldErrors['body.code']).toBe('字典编码 courseTag 已存在');
    await admin.call(dict['dict.createItem'], {
      body: { dictId: own.id, value: 'online', label: '线上' },
    });
    const twice = await failureOf(
      admin.call(dict['dict.createItem'], {
        body: { dictId: own.id, value: 'online', label: '网课' },
      }),
    );
    expect(twice.fieldErrors['body.value']).toBe('该字典已有值为 online 的字典项');
    const badCode = await failureOf(
      admin.call(dict['dict.create'], { body: { code: '9-lives', name: '坏编码' } }),
    );
    expect(badCode.fieldErrors['body.code']).toContain('字典编码须以字母开头');
    const noName = await failureOf(
      admin.call(dict['dict.create'], { body: { code: 'fine', name: ' ' } }),
    );
    expect(noName.fieldErrors['body.name']).toBe('字典名称不能为空');
    const noDict = await failureOf(
      admin.call(dict['dict.createItem'], {
        body: { dictId: 999_999, value: 'x', label: 'x' },
      }),
    );
    expect(noDict.fieldErrors['body.dictId']).toBe('字典 999999 不存在');
    const items = await admin.call(dict['dict.queryItemList'], { body: { dictId: own.id } });
    expect(items.map((i) => i.label)).toEqual(['线上']);
    const neither = await failureOf(admin.call(dict['dict.queryItemList'], { body: {} }));
    expect(neither.fieldErrors['body.dictId']).toBe('请提供字典 id 或字典编码之一');
  });

  it('writes are refused to teachers, learners and anonymous callers', async () => {
    const grade = await builtIn('gradeStatus');
    const items = await admin.call(dict['dict.queryItemList'], { body: { dictId: grade.id } });
    const attempts = (api: Transport) => [
      api.call(dict['dict.create'], { body: { code: 'hack', name: '入侵' } }),
      api.call(dict['dict.update'], { body: { id: grade.id, code: 'gradeStatus', name: '改' } }),
      api.call(dict['dict.createItem'], { body: { dictId: grade.id, value: '9', label: '改' } }),
      api.call(dict['dict.updateItem'], {
        body: { id: items[0]!.id, value: items[0]!.value, label: '改' },
      }),
      api.call(dict['dict.deleteItem'], { body: { id: items[0]!.id } }),
    ];
    for (const api of [teacher, student, anonymous]) {
      // Each refusal is taken as it is made, so none goes unhandled while another is awaited.
      const refusals = await Promise.all(attempts(api).map((attempt) => failureOf(attempt)));
      for (const refused of refusals) {
        expect([ErrorCode.FORBIDDEN, ErrorCode.NOT_LOGGED_IN]).toContain(refused.code);
      }
    }
    const after = await admin.call(dict['dict.queryItemList'], { body: { dictId: grade.id } });
    expect(after).toEqual(items);
  });

  it('lists are for staff: a learner and an anonymous caller are refused', async () => {
    const learner = await failureOf(student.call(dict['dict.queryList'], { body: {} }));
    expect(learner.code).toBe(ErrorCode.FORBIDDEN);
    const builtInList = await failureOf(student.call(dict['dict.queryBuildInList'], { body: {} }));
    expect(builtInList.code).toBe(ErrorCode.FORBIDDEN);
    const nobody = await failureOf(anonymous.call(dict['dict.queryList'], { body: {} }));
    expect(nobody.code).toBe(ErrorCode.NOT_LOGGED_IN);
  });
});
