import { dict as dictApi } from '../../contract/dict/calls.ts';
import type { Auth } from '../http/sessions.ts';
import { fail } from '../http/app-error.ts';
import { handle } from '../http/handler.ts';
import {
  builtInDicts,
  createDict,
  createDictItem,
  deleteDict,
  deleteDictItem,
  dictItems,
  dictPage,
  updateDict,
  updateDictItem,
} from './store.ts';

/** The dictionary lists are for staff: teachers and organization admins, and platform staff. */
function requireStaff(auth: Auth): void {
  if (!auth.platformAdmin && auth.role !== 'teacher' && auth.role !== 'orgAdmin') {
    throw fail('FORBIDDEN', '字典列表仅供教师与管理员查看');
  }
}

export const dictHandlers = [
  handle(dictApi['dict.queryByValue'], async ({ query, services }) => {
    const dict = await services.pool.query<{ id: number; code: string; name: string }>(
      'SELECT id, code, name FROM dicts WHERE code = $1',
      [query.value],
    );
    const found = dict.rows[0];
    if (!found) throw fail('NOT_FOUND', `字典 ${query.value} 不存在`);
    // What pickers offer: a disabled item is no longer chosen.
    const items = await services.pool.query<{ value: string; label: string }>(
      'SELECT value, label FROM dict_items WHERE dict_id = $1 AND enabled ORDER BY sort, id',
      [found.id],
    );
    return { value: found.code, name: found.name, itemList: items.rows };
  }),
  handle(dictApi['dict.create'], ({ services, body }) => createDict(services.pool, body)),
  handle(dictApi['dict.update'], ({ services, body }) => updateDict(services.pool, body)),
  handle(dictApi['dict.delete'], ({ services, body }) => deleteDict(services.pool, body.id)),
  handle(dictApi['dict.createItem'], ({ services, body }) => createDictItem(services.pool, body)),
  handle(dictApi['dict.updateItem'], ({ services, body }) => updateDictItem(services.pool, body)),
  handle(dictApi['dict.deleteItem'], ({ services, body }) =>
    deleteDictItem(services.pool, body.id),
  ),
  handle(dictApi['dict.queryItemList'], ({ services, auth, body }) =>
    dictItems(services.pool, body, auth?.platformAdmin === true),
  ),
  handle(dictApi['dict.queryList'], ({ services, requireAuth, body, query }) => {
    requireStaff(requireAuth());
    return dictPage(services.pool, body, query);
  }),
  handle(dictApi['dict.queryBuildInList'], ({ services, requireAuth }) => {
    requireStaff(requireAuth());
    return builtInDicts(services.pool);
  }),
];
