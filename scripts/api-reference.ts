/** Writes docs/api.md from the contract: `npm run docs:api`. */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { format } from 'prettier';
import { allCalls } from '../src/contract/index.ts';
import { renderApiReference } from '../src/contract/reference.ts';

export const API_REFERENCE_PATH = path.resolve(import.meta.dirname, '../docs/api.md');

export async function formattedApiReference(): Promise<string> {
  return format(renderApiReference(allCalls), { parser: 'markdown', printWidth: 100 });
}

if (process.argv[1] === import.meta.filename) {
  writeFileSync(API_REFERENCE_PATH, await formattedApiReference());
  console.log(`wrote ${path.relative(process.cwd(), API_REFERENCE_PATH)}`);
}
