// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { hasMath, loadMath, statementHtml, StatementMarkdown } from './StatementMarkdown.tsx';

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
    // Until KaTeX has loaded, math shows as its source text.
    expect(root.textContent).toContain('$a+b$');

    expect(root.querySelector('script')).toBeNull();
    expect(root.innerHTML).not.toContain('__pwned');
    const img = root.querySelector('img');
    expect(img).not.toBeNull();
    expect(img?.getAttribute('onerror')).toBeNull();
    expect(root.querySelector('a')?.getAttribute('href') ?? '').not.toMatch(/^javascript:/);
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('typesets $…$ and $$…$$ with KaTeX once loaded, still sanitised', async () => {
    const markdown = [
      '求 $\\sum_{i=1}^{n} a_i$，其中 $1 \\le n \\le 10^5$。',
      '',
      '$$',
      '\\sqrt{x^2 + y^2}',
      '$$',
      '',
      '价格是 $5 和 $10，代码 `$x$` 不是公式。',
      '',
      '$\\href{javascript:alert(1)}{点我}$ <img src=x onerror="window.__pwned = 3">',
    ].join('\n');
    render(<StatementMarkdown markdown={markdown} />);
    const root = screen.getByTestId('practice-statement');
    await waitFor(() => expect(root.getAttribute('data-math')).toBe('typeset'));
    // Four formulas; a display formula is a .katex inside a .katex-display.
    const formulas = [...root.querySelectorAll('.katex')].filter(
      (el) => !el.parentElement?.classList.contains('katex-display'),
    );
    expect(formulas).toHaveLength(3);
    expect(root.querySelectorAll('.katex-display')).toHaveLength(1);
    expect(root.querySelector('.katex-display')?.textContent).toContain('x');
    expect(root.textContent).toContain('价格是 $5 和 $10');
    expect(root.querySelector('code')?.textContent).toBe('$x$');
    // KaTeX does not trust \href; nothing clickable or executable gets through.
    expect(root.querySelector('a')).toBeNull();
    expect(root.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect(root.innerHTML).not.toContain('javascript:');
  });

  it('loads KaTeX only for statements that hold math', async () => {
    expect(hasMath('输入两个整数 a 和 b。')).toBe(false);
    expect(hasMath('价格是 $ 5')).toBe(false);
    expect(hasMath('输入 $a+b$')).toBe(true);
    expect(hasMath('$$\nx\n$$')).toBe(true);
    // Without the extension, a statement renders with its math as text.
    expect(statementHtml('$x^2$')).toContain('$x^2$');
    const math = await loadMath();
    expect(statementHtml('$x^2$', undefined, math)).toContain('class="katex"');
  });
});
