/**
 * Where a file's bytes live. The database row (table files) says what a file is; the store only
 * keeps bytes under a name the service chose. The disk store is the default; the S3-compatible
 * store (s3-store.ts, FILE_STORE=s3) is the scale-out option: several API processes on several
 * machines need one shared store, and a disk under DATA_DIR is one machine's.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { FILE_NAME_PATTERN } from '../../contract/file/purpose.ts';

export interface FileStore {
  /** Stores the bytes under the name, whole or not at all. */
  put(fileName: string, bytes: Uint8Array): Promise<void>;
  /** The bytes, or null when nothing is stored under the name. */
  get(fileName: string): Promise<Buffer | null>;
  /** Removes the bytes; removing what is not there is no error. */
  delete(fileName: string): Promise<void>;
  /** Lets go of open connections when the platform stops (the S3 client's; a disk has none). */
  close?(): void;
}

/** Files under one folder (`<DATA_DIR>/files`), named by the service's names only. */
export class DiskFileStore implements FileStore {
  constructor(readonly root: string) {}

  private pathOf(fileName: string): string {
    // The service never hands the store another name; this is the last line against traversal.
    if (!FILE_NAME_PATTERN.test(fileName)) throw new Error(`bad stored file name: ${fileName}`);
    return path.join(this.root, fileName);
  }

  async put(fileName: string, bytes: Uint8Array): Promise<void> {
    const target = this.pathOf(fileName);
    await fs.mkdir(this.root, { recursive: true });
    // Written aside then renamed: a crash leaves no half file under the real name.
    const temp = path.join(this.root, `.${fileName}.${randomBytes(6).toString('hex')}.part`);
    try {
      await fs.writeFile(temp, bytes, { flag: 'wx' });
      await fs.rename(temp, target);
    } catch (err) {
      await fs.rm(temp, { force: true });
      throw err;
    }
  }

  async get(fileName: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.pathOf(fileName));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(fileName: string): Promise<void> {
    await fs.rm(this.pathOf(fileName), { force: true });
  }

  /** What the folder holds, with each entry's last change (sweep.ts). */
  async entries(): Promise<{ name: string; modifiedMs: number }[]> {
    let names: string[];
    try {
      names = await fs.readdir(this.root);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
    const entries = await Promise.all(
      names.map(async (name) => {
        const stat = await fs.stat(path.join(this.root, name)).catch(() => null);
        return stat?.isFile() ? { name, modifiedMs: stat.mtimeMs } : null;
      }),
    );
    return entries.filter((e) => e !== null);
  }

  /** Removes a `.part` file a write left behind (never a stored file: those go by `delete`). */
  async removeLeftover(name: string): Promise<void> {
    if (!/^\.[A-Za-z0-9._-]+\.part$/.test(name)) throw new Error(`not a leftover: ${name}`);
    await fs.rm(path.join(this.root, name), { force: true });
  }
}
