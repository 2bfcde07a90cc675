import { describe, expect, it } from 'vitest';
import { statementShowsSamples } from './statement-samples.ts';

const statement = '## 样例\n\n### 样例输入 1\n\n```\n1 2\n```\n\n### 样例输出 1\n\n```\n3\n```\n';

describe('statementShowsSamples', () => {
  it('sees samples the statement already shows in code blocks', () => {
    expect(statementShowsSamples(statement, [{ input: '1 2\n', output: '3\n' }])).toBe(true);
  });

  it('does not when a sample is missing from the statement', () => {
    expect(statementShowsSamples(statement, [{ input: '5 6\n', output: '11\n' }])).toBe(false);
    expect(statementShowsSamples('无样例的题面', [{ input: '1 2', output: '3' }])).toBe(false);
  });
});
