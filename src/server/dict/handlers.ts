import { dict as dictApi } from '../../contract/dict/calls.ts';
import { fail } from '../http/app-error.ts';
import { handle } from '../http/handler.ts';

export const dictHandlers = [
  handle(dictApi['dict.queryByValue'], async ({ query, services }) => {
    const dict = await services.pool.query<{ id: number; code: string; name: string }>(
      'SELECT id, code, name FROM dicts WHERE code = $1',
      [query.value],
    );
    const found = dict.rows[0];
    if (!found) throw fail('NOT_FOUND', `字典 ${query.value} 不存在`);
    const items = await services.pool.query<{ value: string; label: string }>(
      'SELECT value, label FROM dict_items WHERE dict_id = $1 ORDER BY sort, id',
      [found.id],
    );
    return { value: found.code, name: found.name, itemList: items.rows };
  }),
];
