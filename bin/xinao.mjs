#!/usr/bin/env node
// Entry point for `npx xinao …`: loads the TypeScript CLI through tsx (a project dependency).
import { register } from 'tsx/esm/api';

register();
const [command, ...rest] = process.argv.slice(2);
if (command === 'ledger') {
  const { ledgerMain } = await import('../src/server/ledger/cli.ts');
  process.exitCode = await ledgerMain(rest);
} else {
  const { main } = await import('../src/judge/cli.ts');
  process.exitCode = await main(process.argv.slice(2));
}
