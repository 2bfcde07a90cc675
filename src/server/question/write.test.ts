import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dataVersion } from './write.ts';

const cases = [{ input: Buffer.from('1 2\n'), answer: Buffer.from('3\n') }];
const plain = { io: { mode: 'stdio' }, interactive: false, interactorSource: null };

/** The hash as it was before issue 14 (checker JSON, checker source, cases), written out. */
function before14(checker: Record<string, unknown>, checkerSource: string | null) {
  const hash = createHash('sha256');
  const part = (bytes: Buffer) => {
    const length = Buffer.alloc(8);
    length.writeBigUInt64BE(BigInt(bytes.length));
    hash.update(length).update(bytes);
  };
  part(Buffer.from(JSON.stringify(checker, Object.keys(checker).sort())));
  part(Buffer.from(checkerSource ?? ''));
  for (const c of cases) {
    part(c.input);
    part(c.answer);
  }
  return hash.digest('hex');
}

describe('data version', () => {
  it('is unchanged for a question judged the plain way, so stored versions still hold', () => {
    expect(dataVersion(cases, { type: 'default' }, null, plain)).toBe(
      before14({ type: 'default' }, null),
    );
    expect(dataVersion(cases, { type: 'testlib' }, 'x', plain)).toBe(
      before14({ type: 'testlib' }, 'x'),
    );
  });

  it('changes with the I/O mode, the interactive flag and the interactor', () => {
    const stdio = dataVersion(cases, { type: 'default' }, null, plain);
    const file = dataVersion(cases, { type: 'default' }, null, {
      ...plain,
      io: { mode: 'file', input: 'a.in', output: 'a.out' },
    });
    const otherFile = dataVersion(cases, { type: 'default' }, null, {
      ...plain,
      io: { mode: 'file', input: 'b.in', output: 'b.out' },
    });
    const interactive = dataVersion(cases, { type: 'default' }, null, {
      ...plain,
      interactive: true,
      interactorSource: 'int main(){}',
    });
    const otherInteractor = dataVersion(cases, { type: 'default' }, null, {
      ...plain,
      interactive: true,
      interactorSource: 'int main(){return 0;}',
    });
    expect(new Set([stdio, file, otherFile, interactive, otherInteractor]).size).toBe(5);
  });

  it('does not depend on the order of keys at any depth (jsonb reorders them)', () => {
    const a = dataVersion(cases, { type: 'float', epsilon: 1e-6, mode: 'either' }, null, {
      ...plain,
      io: { mode: 'file', input: 'a.in', output: 'a.out' },
    });
    const b = dataVersion(cases, { mode: 'either', epsilon: 1e-6, type: 'float' }, null, {
      ...plain,
      io: { output: 'a.out', input: 'a.in', mode: 'file' },
    });
    expect(a).toBe(b);
  });
});
