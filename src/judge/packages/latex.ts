/**
 * The LaTeX Polygon statements are written in, turned into the Markdown our statements use:
 * formulas stay as `$…$` (the statement renderer typesets them), the common text commands become
 * Markdown, lists become lists; what is not recognised is kept as text rather than dropped.
 */
export function latexToMarkdown(tex: string): string {
  let s = tex.replace(/\r\n/g, '\n');
  // Polygon's $$$…$$$ (inline) and $$$$$$…$$$$$$ (display) become $…$ and $$…$$.
  s = s.replace(/\${6}([\s\S]*?)\${6}/g, (_a, m: string) => `$$${m}$$`);
  s = s.replace(/\${3}([\s\S]*?)\${3}/g, (_a, m: string) => `$${m}$`);
  s = s.replace(
    /\\begin\{(itemize|enumerate)\}([\s\S]*?)\\end\{\1\}/g,
    (_a, kind: string, body: string) => {
      const marker = kind === 'itemize' ? '-' : '1.';
      const items = body.split(/\\item\b/).slice(1);
      return `\n${items.map((i) => `${marker} ${i.trim().replace(/\n\s*/g, ' ')}`).join('\n')}\n`;
    },
  );
  s = s.replace(
    /\\begin\{(center|quote)\}([\s\S]*?)\\end\{\1\}/g,
    (_a, _k: string, body: string) => body,
  );
  s = s.replace(
    /\\begin\{(verbatim|lstlisting)\}([\s\S]*?)\\end\{\1\}/g,
    (_a, _k: string, body: string) => `\n\`\`\`\n${body.replace(/^\n|\n$/g, '')}\n\`\`\`\n`,
  );
  s = s.replace(
    /\\includegraphics(?:\[[^\]]*\])?\{([^}]+)\}/g,
    (_a, file: string) => `![](${file})`,
  );
  s = s.replace(/\\(?:textbf|bf)\{([^{}]*)\}/g, '**$1**');
  s = s.replace(/\\(?:textit|emph|it)\{([^{}]*)\}/g, '*$1*');
  s = s.replace(/\\(?:texttt|tt)\{([^{}]*)\}/g, '`$1`');
  s = s.replace(/\\(?:underline)\{([^{}]*)\}/g, '$1');
  s = s.replace(/\\(?:section|subsection)\*?\{([^{}]*)\}/g, '### $1');
  s = s.replace(/``([^']*)''/g, '“$1”');
  s = s.replace(/(?<!\\)~/g, ' ');
  s = s.replace(/\\\\\s*/g, '  \n');
  s = s.replace(/\\(ldots|dots)\b/g, '…');
  s = s.replace(/\\([%&#_{}])/g, '$1');
  return s.replace(/\n{3,}/g, '\n\n').trim();
}
