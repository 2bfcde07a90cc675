/**
 * Writes the permission tree's rows for the contract this process serves, at start-up: a
 * directory for each part of the product, a resource for each group of calls, an operate for
 * each call (contract/permission/). Rows that exist keep what staff made of them (names, order,
 * places); an operate whose call this version no longer has stays until staff delete it
 * (resource/operate/delete), since a process of the previous version may still check it while a
 * new one starts.
 */
import type { CallDef } from '../../contract/call.ts';
import { groupOfCall } from '../../contract/permission/operates.ts';
import {
  RESOURCE_DIRECTORIES,
  RESOURCE_GROUPS,
} from '../../contract/permission/seeded-resources.ts';
import type { Queryable } from '../db/pool.ts';

/** A call's operate as first named: its summary up to the first aside (`新建角色（…）` → `新建角色`). */
export const operateNameOf = (call: CallDef): string =>
  (call.summary.split(/[（(；;：:]/)[0] ?? '').trim().slice(0, 60) || call.id;

export const directoryCode = (key: string) => `dir:${key}`;

export async function syncOperates(db: Queryable, calls: readonly CallDef[]): Promise<void> {
  const directories = Object.entries(RESOURCE_DIRECTORIES);
  await db.query(
    `INSERT INTO resources (code, kind, name, sort)
     SELECT code, 'directory', name, sort FROM unnest($1::text[], $2::text[], $3::int[]) AS d(code, name, sort)
     ON CONFLICT (code) DO NOTHING`,
    [
      directories.map(([key]) => directoryCode(key)),
      directories.map(([, name]) => name),
      directories.map((_, i) => (i + 1) * 10),
    ],
  );
  const groupOrder = Object.keys(RESOURCE_GROUPS);
  const groups = [...new Set(calls.map((c) => groupOfCall(c.id)))];
  const unnamed = groups.filter((g) => !RESOURCE_GROUPS[g]);
  if (unnamed.length > 0) {
    throw new Error(`calls of groups without a resource name: ${unnamed.join(', ')}`);
  }
  await db.query(
    `INSERT INTO resources (code, kind, name, parent_id, sort)
     SELECT g.code, 'group', g.name, (SELECT id FROM resources WHERE code = g.parent), g.sort
       FROM unnest($1::text[], $2::text[], $3::text[], $4::int[]) AS g(code, name, parent, sort)
     ON CONFLICT (code) DO NOTHING`,
    [
      groups,
      groups.map((g) => RESOURCE_GROUPS[g]!.name),
      groups.map((g) => directoryCode(RESOURCE_GROUPS[g]!.directory)),
      groups.map((g) => (groupOrder.indexOf(g) + 1) * 10),
    ],
  );
  await db.query(
    `INSERT INTO resource_operates (call_id, resource_id, name, sort)
     SELECT o.call_id, (SELECT id FROM resources WHERE code = o.grp), o.name, o.sort
       FROM unnest($1::text[], $2::text[], $3::text[], $4::int[]) AS o(call_id, grp, name, sort)
     ON CONFLICT (call_id) DO NOTHING`,
    [
      calls.map((c) => c.id),
      calls.map((c) => groupOfCall(c.id)),
      calls.map((c) => operateNameOf(c)),
      calls.map((_, i) => i),
    ],
  );
}
