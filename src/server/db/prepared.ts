import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { Queryable } from './pool.ts';

/**
 * A query PostgreSQL parses and plans once per connection instead of on every call, for the
 * statements every request runs (the session, the replay guard) and those of the submit path.
 * Planning the session lookup took about 0.8 ms of database CPU a request, three times its
 * execution (docs/decisions/scale-out.md, "Statements every request runs").
 *
 * `name` must be unique to `text` across the server: node-postgres refuses one name with two
 * texts. A connection pooler in front of PostgreSQL must keep prepared statements (PgBouncer
 * 1.21+ with `max_prepared_statements`, or session pooling).
 */
export function preparedStatement<R extends pg.QueryResultRow>(name: string, text: string) {
  return (db: Queryable, values: unknown[]): Promise<pg.QueryResult<R>> =>
    db.query<R>({ name, text, values });
}

/**
 * Runs `text` prepared, named by its hash: for constant text, and for a shared helper whose text
 * is put together from a few constant parts (owned-rows.ts findOwned: one text per table, scope
 * kind and column list).
 * Never for text that carries values or grows with its input (filters, sorts, IN lists):
 * node-postgres keeps every name for the life of the connection, so such text would grow each
 * connection without bound.
 */
export function queryPrepared<R extends pg.QueryResultRow>(
  db: Queryable,
  text: string,
  values: unknown[] = [],
): Promise<pg.QueryResult<R>> {
  return db.query<R>({ name: nameOf(text), text, values });
}

const names = new Map<string, string>();

function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = 'q' + createHash('sha256').update(text).digest('base64url').slice(0, 22);
    names.set(text, name);
  }
  return name;
}
