/**
 * Math in statements: $…$ inline and $$…$$ display, typeset with KaTeX. This module (KaTeX, its
 * stylesheet and fonts, bundled from the package — no CDN) is loaded only when a statement holds
 * math (StatementMarkdown), so neither the first screen nor a statement without math carries it.
 * KaTeX writes HTML only (no MathML): the result still goes through DOMPurify, whose HTML and SVG
 * profiles keep KaTeX's spans, inline styles and SVG strokes; KaTeX's `trust` stays off, so
 * \href, \includegraphics and friends render as plain text.
 */
import katex from 'katex';
import 'katex/dist/katex.min.css';
import type { MarkedExtension, Tokens } from 'marked';

export function renderMath(tex: string, displayMode: boolean): string {
  return katex.renderToString(tex, {
    displayMode,
    output: 'html',
    throwOnError: false,
    trust: false,
    strict: 'ignore',
    maxExpand: 1000,
    maxSize: 20,
  });
}

interface MathToken extends Tokens.Generic {
  text: string;
  display: boolean;
}

/**
 * Inline $x$: no space just inside the dollars and no digit right after the closing one, so
 * prices such as "$5 and $10" stay text; no backtick inside, so a lone $ before a code span
 * never pairs with a $ inside it. `$$x$$` inside a line is display math.
 */
const INLINE = /^\$\$([^$`]+?)\$\$|^\$(?![\s$])([^$\n`]*?[^\s$\\`])\$(?!\d)/;
/** A paragraph of its own: $$ … $$, possibly over several lines. */
const BLOCK = /^\$\$[ \t]*\n?([\s\S]+?)\n?[ \t]*\$\$[ \t]*(?:\n+|$)/;

export const mathExtension: MarkedExtension = {
  extensions: [
    {
      name: 'blockMath',
      level: 'block',
      start: (src: string) => src.match(/^\$\$/m)?.index,
      tokenizer(src: string): MathToken | undefined {
        const match = BLOCK.exec(src);
        if (!match) return undefined;
        return { type: 'blockMath', raw: match[0], text: match[1]!.trim(), display: true };
      },
      renderer: (token) => `<p>${renderMath((token as MathToken).text, true)}</p>\n`,
    },
    {
      name: 'inlineMath',
      level: 'inline',
      start: (src: string) => {
        const index = src.indexOf('$');
        return index === -1 ? undefined : index;
      },
      tokenizer(src: string): MathToken | undefined {
        const match = INLINE.exec(src);
        if (!match) return undefined;
        const display = match[1] !== undefined;
        return {
          type: 'inlineMath',
          raw: match[0],
          text: (display ? match[1]! : match[2]!).trim(),
          display,
        };
      },
      renderer: (token) => renderMath((token as MathToken).text, (token as MathToken).display),
    },
  ],
};
