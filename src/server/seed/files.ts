/**
 * Seed files stored through the file service on every start (idempotent): the C++ beginners'
 * handout PDF (seed/files/cpp-basics-handout.pdf, built by scripts/build-handout-pdf.ts), which
 * the demo course's chapters offer as material.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { putSeedFile } from '../files/seed.ts';
import type { Services } from '../services.ts';
import { SEED_ROOT } from './questions.ts';

export const SEED_HANDOUT_FILE_NAME = 'seed-handout-cpp-basics.pdf';
export const SEED_HANDOUT_PATH = path.join(SEED_ROOT, 'files', 'cpp-basics-handout.pdf');

export async function seedFiles(services: Pick<Services, 'pool' | 'files'>): Promise<void> {
  await putSeedFile(services, {
    fileName: SEED_HANDOUT_FILE_NAME,
    originalName: 'C++ 入门讲义.pdf',
    contentType: 'application/pdf',
    purpose: 'material',
    bytes: new Uint8Array(await fs.readFile(SEED_HANDOUT_PATH)),
  });
}
