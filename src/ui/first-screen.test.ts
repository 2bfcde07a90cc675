/**
 * The first screen's JavaScript budget (docs/decisions/client-and-screens.md, "First-screen
 * JavaScript without zod"): what main.tsx pulls in through static imports lands in the entry chunk,
 * so zod and the contract schemas (about 95 kB minified) must not be among it. They load with the
 * login dialog and the replay view, through dynamic imports. Likewise the English catalogue (about
 * 15 kB): zh-CN is the default, so English is its own chunk, loaded when chosen. bench/RESULTS.md
 * has the measured sizes; this test keeps the rules from eroding.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '..');
const rel = (file: string) => path.relative(SRC, file).split(path.sep).join('/');

/**
 * Static imports and re-exports of a module that survive compilation. `import type` and
 * `export type` are erased; everything else counts, including `import { type A }`, which
 * verbatimModuleSyntax keeps as a bare `import {} from`. Dynamic import() is a separate chunk.
 */
function staticImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      if (statement.importClause?.isTypeOnly) continue;
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      if (statement.isTypeOnly) continue;
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return specifiers;
}

/** Specifiers of the `import('…')` calls anywhere in a module: each one is a separate chunk. */
function dynamicImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const specifiers: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers;
}

interface Graph {
  /** Project modules reached, relative to src/. */
  modules: Set<string>;
  /** Package imports, with the first module that made each. */
  packages: Map<string, string>;
}

function walk(entry: string): Graph {
  const modules = new Set<string>();
  const packages = new Map<string, string>();
  const queue = [path.resolve(SRC, entry)];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (modules.has(rel(file))) continue;
    modules.add(rel(file));
    for (const specifier of staticImports(file)) {
      if (specifier.startsWith('.')) {
        // Imports name their files with extensions (tsconfig allowImportingTsExtensions); CSS
        // is the stylesheet's business, not the script's.
        if (/\.tsx?$/.test(specifier)) queue.push(path.resolve(path.dirname(file), specifier));
      } else {
        const name = specifier.startsWith('@')
          ? specifier.split('/').slice(0, 2).join('/')
          : specifier.split('/')[0]!;
        if (!packages.has(name)) packages.set(name, rel(file));
      }
    }
  }
  return { modules, packages };
}

/** Modules that build zod schemas when loaded. */
const SCHEMA_MODULES =
  /^contract\/([\w-]+\/calls\.ts|fields\.ts|paging\.ts|validation\.ts|resource\.ts)/;

describe('first-screen JavaScript', () => {
  const firstScreen = walk('ui/main.tsx');

  it('is the app shell: runtime, transport, machines, event log', () => {
    for (const module of [
      'ui/app/runtime.ts',
      'transport/client.ts',
      'machines/login/machine.ts',
      'machines/login/implementations.ts',
      'machines/register/machine.ts',
      'machines/startup.ts',
      'streams/event-log.ts',
      'contract/accounts/refs.ts',
    ]) {
      expect(firstScreen.modules).toContain(module);
    }
  });

  it('does not load zod or the contract schemas', () => {
    expect(firstScreen.packages.get('zod')).toBeUndefined();
    expect([...firstScreen.modules].filter((m) => SCHEMA_MODULES.test(m))).toEqual([]);
    // Loaded with the dialog and the replay view instead.
    expect(firstScreen.modules).not.toContain('machines/login/validation.ts');
    expect(firstScreen.modules).not.toContain('streams/event-log-file.ts');
  });

  it('carries the zh-CN catalogue but not the English one, which loads on its own', () => {
    expect(firstScreen.modules).toContain('ui/i18n/zh-CN.ts');
    expect(firstScreen.modules).not.toContain('ui/i18n/en.ts');
    // Reachable only through the loader's import(), which Vite makes a separate chunk.
    expect(firstScreen.modules).toContain('ui/i18n/load.ts');
    expect(dynamicImports(path.resolve(SRC, 'ui/i18n/load.ts'))).toEqual(['./en.ts']);
  });

  it('would notice the English catalogue: a static import of it is followed', () => {
    expect(walk('ui/i18n/i18n.test.ts').modules).toContain('ui/i18n/en.ts');
  });

  it('would notice zod: the lazily loaded validation does import it', () => {
    expect(walk('machines/login/validation.ts').packages.get('zod')).toBe(
      'contract/accounts/calls.ts',
    );
  });
});
