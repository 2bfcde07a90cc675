import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generatedFiles, refsPath } from '../../scripts/contract.ts';
import { METHOD_PREFIX, idOfPath, pathOfId } from './call.ts';
import { allCalls, domains } from './index.ts';

describe('what the contract generates', () => {
  // Rendering the reference and formatting the refs files take seconds on a busy 2-core
  // machine, and grow with the catalogue: a timeout here would be a false alarm, not a stale
  // file.
  it(
    'refs.ts of every domain and docs/api.md are current (run `npm run contract`)',
    {
      timeout: 60_000,
    },
    async () => {
      for (const [file, text] of await generatedFiles()) {
        expect({ file, text: readFileSync(file, 'utf8') }).toEqual({ file, text });
      }
    },
  );

  it('keeps every refs.ts free of zod and the schemas, which the first screen must not load', () => {
    for (const domain of Object.keys(domains)) {
      const source = readFileSync(refsPath(domain), 'utf8');
      const valueImports = source.match(/^import (?!type )[^;]*;/gms) ?? [];
      expect({ domain, valueImports }).toEqual({ domain, valueImports: [] });
    }
  });
});

describe('the naming rule: a call is named by its path', () => {
  it('gives every call the id of its path, and the key of its domain entry is that id', () => {
    for (const [domain, calls] of Object.entries(domains)) {
      for (const [key, call] of Object.entries(calls)) {
        expect({ domain, key, id: call.id, path: call.path }).toEqual({
          domain,
          key,
          id: key,
          path: pathOfId(key),
        });
        expect(idOfPath(call.path)).toBe(call.id.replace(METHOD_PREFIX, ''));
      }
    }
  });

  it('has one call per id and per method and path', () => {
    const ids = allCalls.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    const routes = allCalls.map((c) => `${c.method} ${c.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('maps the health check to root and back', () => {
    expect(pathOfId('root')).toBe('/');
    expect(idOfPath('/')).toBe('root');
    expect(idOfPath('/oj/member/queryCurrent')).toBe('oj.member.queryCurrent');
  });
});
