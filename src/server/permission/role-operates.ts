/**
 * What custom roles grant, cached in this process per role and version. The version comes fresh
 * with every call from the session's own query (http/sessions.ts), so a change of a role
 * (configPerms, disabling it) is seen by every API process on its next call, with no message
 * between processes and no extra query while nothing changed.
 */
import type { CallDef } from '../../contract/call.ts';
import type { Pool } from '../db/pool.ts';
import type { RoleOperates } from '../http/access.ts';
import type { RoleGrant } from '../http/sessions.ts';

/** Entries kept before the cache starts over (each a role's version: a few KiB). */
const MAX_CACHED = 2000;

export class RoleOperatesCache implements RoleOperates {
  private readonly operates = new Map<string, Promise<ReadonlySet<string>>>();

  constructor(private readonly pool: Pool) {}

  async grantedBy(roles: readonly RoleGrant[]): Promise<ReadonlySet<string>> {
    const sets = await Promise.all(roles.filter((r) => r.enabled).map((r) => this.ofRole(r)));
    if (sets.length === 1) return sets[0]!;
    const union = new Set<string>();
    for (const set of sets) for (const id of set) union.add(id);
    return union;
  }

  async nameOf(call: CallDef): Promise<string> {
    const { rows } = await this.pool.query<{ name: string }>(
      'SELECT name FROM resource_operates WHERE call_id = $1',
      [call.id],
    );
    return rows[0]?.name ?? call.summary;
  }

  private ofRole(role: RoleGrant): Promise<ReadonlySet<string>> {
    const key = `${role.id}:${role.version}`;
    let set = this.operates.get(key);
    if (!set) {
      if (this.operates.size >= MAX_CACHED) this.operates.clear();
      set = this.load(role);
      this.operates.set(key, set);
      set.catch(() => this.operates.delete(key));
    }
    return set;
  }

  private async load(role: RoleGrant): Promise<ReadonlySet<string>> {
    // What the role grants at the version the session read: configPerms bumps the version in
    // the same transaction as it replaces the operates, so a newer version here means a newer
    // list, cached under its own key by the next call that reads it.
    const { rows } = await this.pool.query<{ call_id: string }>(
      'SELECT call_id FROM role_operates WHERE role_id = $1',
      [role.id],
    );
    return new Set(rows.map((r) => r.call_id));
  }
}
