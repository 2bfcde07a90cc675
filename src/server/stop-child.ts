import type { ChildProcess } from 'node:child_process';

/**
 * Stops a child process the platform started (an API process, a judge worker): SIGTERM, so it
 * can hand back its work, then SIGKILL if it is still running after `timeoutMs`, so none
 * outlives the platform. Settles once it has exited; at once if it already had.
 */
export function stopChild(child: ChildProcess, timeoutMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const killTimer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', () => {
      clearTimeout(killTimer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
