import { describe, expect, it } from 'vitest';
import type { Pool } from '../db/pool.ts';
import { createLogger } from '../logger.ts';
import type { SysLogEntry } from './entry.ts';
import { SysLogRecorder } from './recorder.ts';

/** A database that stores each INSERT's rows, or refuses while `down`. */
function fakeDatabase() {
  const db = {
    down: false,
    inserts: [] as { request_id: string }[][],
    query(_sql: string, params: [string]) {
      if (db.down) return Promise.reject(new Error('connect ECONNREFUSED'));
      db.inserts.push(JSON.parse(params[0]) as { request_id: string }[]);
      return Promise.resolve({ rows: [], rowCount: 0 });
    },
  };
  return db;
}

const entry = (requestId: string): SysLogEntry => ({
  at: new Date().toISOString(),
  kind: 'write',
  callId: 'role.create',
  userId: 1,
  triedName: null,
  memberId: 1,
  role: '机构管理员',
  roleIds: [],
  organizationId: 1,
  targets: {},
  outcome: 'success',
  status: 200,
  errorCode: null,
  message: null,
  ip: '127.0.0.1',
  userAgent: null,
  requestId,
  durationMs: 1,
});

const logger = createLogger({ level: 'silent', quiet: true });
const recorderOn = (db: ReturnType<typeof fakeDatabase>, options = {}) =>
  new SysLogRecorder(db as unknown as Pool, logger, {
    flushMs: 60_000,
    retryMs: 60_000,
    ...options,
  });
const written = (db: ReturnType<typeof fakeDatabase>) => db.inserts.flat().map((r) => r.request_id);

describe('SysLogRecorder', () => {
  it('gathers entries into one INSERT, in the order they were handed over', async () => {
    const db = fakeDatabase();
    const recorder = recorderOn(db);
    for (const id of ['a', 'b', 'c']) recorder.record(entry(id));
    expect(db.inserts).toHaveLength(0);
    expect(await recorder.flush()).toBe(true);
    expect(db.inserts).toHaveLength(1);
    expect(written(db)).toEqual(['a', 'b', 'c']);
  });

  it('writes at once when a batch is full, in batches', async () => {
    const db = fakeDatabase();
    const recorder = recorderOn(db, { batchSize: 2 });
    for (const id of ['a', 'b', 'c', 'd', 'e']) recorder.record(entry(id));
    await recorder.flush();
    expect(written(db)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(Math.max(...db.inserts.map((i) => i.length))).toBe(2);
  });

  it('keeps what it could not write and writes it on the next try, nothing twice', async () => {
    const db = fakeDatabase();
    const recorder = recorderOn(db);
    db.down = true;
    recorder.record(entry('a'));
    expect(await recorder.flush()).toBe(false);
    recorder.record(entry('b'));
    db.down = false;
    expect(await recorder.flush()).toBe(true);
    expect(await recorder.flush()).toBe(true);
    expect(written(db)).toEqual(['a', 'b']);
  });

  it('holds at most maxPending while the database is away, dropping the oldest', async () => {
    const db = fakeDatabase();
    const recorder = recorderOn(db, { maxPending: 3 });
    db.down = true;
    for (const id of ['a', 'b', 'c', 'd', 'e']) recorder.record(entry(id));
    await recorder.flush();
    db.down = false;
    await recorder.close();
    expect(written(db)).toEqual(['c', 'd', 'e']);
  });

  it('writes on its own after the interval', async () => {
    const db = fakeDatabase();
    const recorder = recorderOn(db, { flushMs: 5 });
    recorder.record(entry('a'));
    await expect.poll(() => written(db), { timeout: 2_000 }).toEqual(['a']);
  });
});
