import { describe, expect, it, vi } from 'vitest';
import type { Logger } from '../logger.ts';
import {
  connectionsNeeded,
  embeddedMaxConnections,
  warnIfTooFewConnections,
} from './connections.ts';

describe('the connection budget', () => {
  it('counts each API process’s pool and heartbeat, each judge worker’s pool and the primary', () => {
    expect(connectionsNeeded({ apiProcesses: 1, judgeWorkers: 2 })).toBe(11 + 20 + 10);
    expect(connectionsNeeded({ apiProcesses: 8, judgeWorkers: 8 })).toBe(88 + 80 + 10 + 10);
  });

  it('starts the embedded database with PostgreSQL’s 100 or more', () => {
    expect(embeddedMaxConnections(41)).toBe(100);
    expect(embeddedMaxConnections(188)).toBe(188);
  });

  it('names a database that allows fewer, and stays quiet otherwise', async () => {
    const warn = vi.fn();
    const logger = { warn } as unknown as Logger;
    const db = (allowed: number) => ({
      query: async () => ({ rows: [{ max_connections: String(allowed) }] }),
    });
    await warnIfTooFewConnections(db(100) as never, 188, logger);
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]![1]).toContain('max_connections=100');
    await warnIfTooFewConnections(db(200) as never, 188, logger);
    expect(warn).toHaveBeenCalledOnce();
  });
});
