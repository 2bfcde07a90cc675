#!/usr/bin/env node
// Entry point for `npx xinao …`: loads the TypeScript CLI through tsx (a project dependency).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/judge/cli.ts');
process.exitCode = await main(process.argv.slice(2));
