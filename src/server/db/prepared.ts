import type pg from 'pg';
import type { Queryable } from './pool.ts';

/**
 * A query PostgreSQL parses and plans once per connection instead of on every call, for the
 * statements every request runs (the session, the replay guard). Planning the session lookup
 * took about 0.8 ms of database CPU a request, three times its execution
 * (docs/decisions/scale-out.md, "Statements every request runs").
 *
 * `name` must be unique to `text` across the server: node-postgres refuses one name with two
 * texts. A connection pooler in front of PostgreSQL must keep prepared statements (PgBouncer
 * 1.21+ with `max_prepared_statements`, or session pooling).
 */
export function preparedStatement<R extends pg.QueryResultRow>(name: string, text: string) {
  return (db: Queryable, values: unknown[]): Promise<pg.QueryResult<R>> =>
    db.query<R>({ name, text, values });
}
