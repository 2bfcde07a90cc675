// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StatementMarkdown } from './StatementMarkdown.tsx';

afterEach(cleanup);

const STATEMENT = [
  '# A+B 问题',
  '',
  '## 输入格式',
  '',
  '输入 $a+b$ 的两个整数。',
  '',
  '```cpp',
  'int main() { return 0; }',
  '```',
  '',
  '<script>window.__pwned = 1</script>',
  '<img src="x" onerror="window.__pwned = 2">',
  '[link](javascript:alert(1))',
].join('\n');

describe('StatementMarkdown', () => {
  it('renders headings and code blocks, and strips script and event-handler payloads', () => {
    render(<StatementMarkdown markdown={STATEMENT} title="A+B 问题" />);
    const root = screen.getByTestId('practice-statement');

    // The opening heading repeats the title shown by the panel, so it is dropped; the rest
    // nest under the panel's h3 title.
    expect(root.textContent).not.toContain('A+B 问题');
    expect(screen.getByRole('heading', { level: 5 }).textContent).toBe('输入格式');
    expect(root.querySelectorAll('h1, h2, h3')).toHaveLength(0);
    const code = root.querySelector('pre > code');
    expect(code?.textContent).toBe('int main() { return 0; }\n');
    // Math is left as plain text.
    expect(root.textContent).toContain('$a+b$');

    expect(root.querySelector('script')).toBeNull();
    expect(root.innerHTML).not.toContain('__pwned');
    const img = root.querySelector('img');
    expect(img).not.toBeNull();
    expect(img?.getAttribute('onerror')).toBeNull();
    expect(root.querySelector('a')?.getAttribute('href') ?? '').not.toMatch(/^javascript:/);
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
  });
});
