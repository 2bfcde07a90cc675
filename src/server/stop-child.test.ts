import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { stopChild } from './stop-child.ts';

/** A node child that says "ready" once its SIGTERM handler (if any) is in place. */
async function child(script: string): Promise<ChildProcess> {
  const proc = spawn(
    process.execPath,
    ['-e', `${script}; console.log('ready'); setInterval(() => {}, 1000);`],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await once(proc.stdout!, 'data');
  return proc;
}

describe('stopChild', () => {
  it('asks with SIGTERM, and a child that listens exits by it', async () => {
    const proc = await child(`process.on('SIGTERM', () => process.exit(0))`);
    await stopChild(proc, 30_000);
    expect(proc.exitCode).toBe(0);
  });

  it('kills a child that ignores SIGTERM once the timeout has passed', async () => {
    const proc = await child(`process.on('SIGTERM', () => {})`);
    await stopChild(proc, 200);
    expect(proc.signalCode).toBe('SIGKILL');
  });

  it('settles at once for a child that has already exited', async () => {
    const proc = await child('');
    proc.kill('SIGKILL');
    await once(proc, 'exit');
    await stopChild(proc, 30_000);
    expect(proc.signalCode).toBe('SIGKILL');
  });
});
