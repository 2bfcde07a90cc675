/**
 * Client budget (DESIGN.md §5): the JavaScript of the first screen — the entry chunk and the
 * chunks index.html preloads with it — and what the entry is made of.
 *
 *   npx tsx bench/client-first-screen.ts            builds into a temporary directory and measures
 *   npx tsx bench/client-first-screen.ts <dir>      measures an existing build (with .js.map files)
 *
 * Sizes are of the minified files as written (a sourceMappingURL comment left out, so a build
 * with maps measures like one without); gzip at zlib's default level, as Vite reports it. The
 * entry is broken down by package (or source file) through its source map.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { build } from 'vite';

const ROOT = path.resolve(import.meta.dirname, '..');

interface Chunk {
  file: string;
  bytes: number;
  gzip: number;
  /** zod's error class keeps its name through minification: a chunk holding zod has it. */
  zod: boolean;
}

/** The build to measure, and how to clean up after. */
async function builtDir(): Promise<{ dir: string; cleanup: () => void }> {
  const given = process.argv[2];
  if (given) return { dir: path.resolve(given), cleanup: () => {} };
  // Outside the repository, so linters and formatters never see the built files.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'xinao-bench-client-'));
  // 'hidden': maps are written for the breakdown, and the chunks carry no comment about them.
  await build({
    logLevel: 'warn',
    build: { outDir: dir, emptyOutDir: true, sourcemap: 'hidden' },
  });
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

function code(dir: string, file: string): string {
  return readFileSync(path.join(dir, 'assets', file), 'utf8').replace(
    /\n?\/\/# sourceMappingURL=\S+\s*$/,
    '',
  );
}

function measure(dir: string, file: string): Chunk {
  const text = code(dir, file);
  const buffer = Buffer.from(text);
  return {
    file,
    bytes: buffer.length,
    gzip: gzipSync(buffer).length,
    zod: text.includes('ZodError'),
  };
}

/** Bytes of the generated file per package (node_modules) or per source file (src/…). */
function breakdown(dir: string, file: string): [string, number][] {
  const mapFile = path.join(dir, 'assets', `${file}.map`);
  if (!existsSync(mapFile)) return [];
  const lines = code(dir, file).split('\n');
  const map = new SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8')) as RawSourceMap);
  const mappings: { line: number; column: number; source: string | null }[] = [];
  map.eachMapping((m) =>
    mappings.push({ line: m.generatedLine, column: m.generatedColumn, source: m.source }),
  );
  const sizes = new Map<string, number>();
  mappings.forEach((m, i) => {
    const next = mappings[i + 1];
    const end = next && next.line === m.line ? next.column : (lines[m.line - 1]?.length ?? 0);
    const source = m.source ?? '(generated)';
    const owner = source.includes('node_modules/')
      ? source.replace(/.*node_modules\/((@[^/]+\/)?[^/]+).*/, '$1')
      : source.replace(/.*?\/src\//, 'src/');
    sizes.set(owner, (sizes.get(owner) ?? 0) + Math.max(0, end - m.column));
  });
  return [...sizes].sort((a, b) => b[1] - a[1]);
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(2)} kB`;

const { dir, cleanup } = await builtDir();
const html = readFileSync(path.join(dir, 'index.html'), 'utf8');
const entryFile = /<script type="module"[^>]*src="[^"]*\/assets\/([^"]+\.js)"/.exec(html)?.[1];
if (!entryFile) throw new Error(`no entry script in ${dir}/index.html`);
const preloads = [...html.matchAll(/rel="modulepreload"[^>]*href="[^"]*\/assets\/([^"]+\.js)"/g)]
  .map((m) => m[1]!)
  .map((file) => measure(dir, file));
const entry = measure(dir, entryFile);
const all = [entry, ...preloads];
const total = all.reduce((sum, c) => ({ bytes: sum.bytes + c.bytes, gzip: sum.gzip + c.gzip }), {
  bytes: 0,
  gzip: 0,
});

console.log(`build: ${process.argv[2] ? path.relative(ROOT, dir) : 'fresh vite build'}`);
console.log(`entry ${entry.file}: ${kB(entry.bytes)} minified, ${kB(entry.gzip)} gzip`);
for (const chunk of preloads) {
  console.log(`preload ${chunk.file}: ${kB(chunk.bytes)} minified, ${kB(chunk.gzip)} gzip`);
}
console.log(
  `first screen (entry + ${preloads.length} preloads): ${kB(total.bytes)} minified, ${kB(total.gzip)} gzip`,
);
console.log(`zod on the first screen: ${all.some((c) => c.zod) ? 'yes' : 'no'}`);
console.log('entry by package / source file (minified bytes):');
for (const [owner, bytes] of breakdown(dir, entryFile).slice(0, 20)) {
  console.log(`  ${kB(bytes).padStart(10)}  ${owner}`);
}
cleanup();
