/** Per-run host directories that the sandbox user (uid 65534) can read or write, removed after. */
import { chmodSync, chownSync, mkdirSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { SANDBOX_GID, SANDBOX_UID } from './sandbox/sandbox.ts';

export function makeWorkDir(cacheDir: string, purpose: string, writableBySandbox = false): string {
  const root = join(cacheDir, 'work');
  mkdirSync(root, { recursive: true, mode: 0o711 });
  chmodSync(cacheDir, 0o711);
  chmodSync(root, 0o711);
  const dir = join(root, `${purpose}-${process.pid}-${randomBytes(6).toString('hex')}`);
  mkdirSync(dir, { mode: 0o755 });
  if (writableBySandbox) {
    chownSync(dir, SANDBOX_UID, SANDBOX_GID);
    chmodSync(dir, 0o700);
  }
  return dir;
}

export function removeWorkDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
