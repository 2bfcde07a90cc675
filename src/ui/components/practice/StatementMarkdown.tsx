import DOMPurify from 'dompurify';
import { Marked } from 'marked';
import { useMemo } from 'react';

/**
 * Statements are authored in Markdown (headings, lists, fenced code). They come from the server,
 * so the HTML marked produces is sanitised with DOMPurify before it reaches the DOM: marked
 * passes raw HTML through untouched, and a statement must never run script in the learner's
 * page. Math such as $a+b$ stays plain text (no KaTeX). A private Marked instance keeps these
 * options from leaking into anyone else's use of marked (monaco bundles its own copy).
 */
const statementMarked = new Marked({ gfm: true, breaks: false });

/** The panel titles the question with an h3; statement headings nest below it (# becomes h4). */
const HEADING_OFFSET = 3;

/**
 * Markdown source to sanitised HTML. Statements often open with the question's title as a
 * heading; the panel already shows the title, so that heading is dropped rather than repeated.
 */
export function statementHtml(markdown: string, title?: string): string {
  const tokens = statementMarked.lexer(markdown);
  const first = tokens.findIndex((token) => token.type !== 'space');
  const opening = tokens[first];
  if (opening?.type === 'heading' && title !== undefined && opening.text.trim() === title.trim()) {
    tokens.splice(first, 1);
  }
  statementMarked.walkTokens(tokens, (token) => {
    if (token.type === 'heading') token.depth = Math.min(6, token.depth + HEADING_OFFSET);
  });
  const html = statementMarked.parser(tokens);
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}

export function StatementMarkdown(props: { markdown: string; title?: string }) {
  const html = useMemo(
    () => statementHtml(props.markdown, props.title),
    [props.markdown, props.title],
  );
  return (
    <div
      className="xa-practice-statement"
      data-testid="practice-statement"
      // Safe: statementHtml sanitises with DOMPurify.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
