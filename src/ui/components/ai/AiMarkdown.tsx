/**
 * A reply's Markdown: prose through marked and DOMPurify, fenced code as React blocks with a
 * copy button. Splitting at the code tokens keeps the copy button out of the sanitised HTML, and
 * a reply still being written renders an unclosed fence as the code it is so far.
 *
 * A reply is a model's text, which anyone can steer: unlike a statement (staff's HTML), raw HTML
 * in it is shown as the text it is, images as their description (a remote image would tell its
 * server who read the reply), and DOMPurify forbids forms and their controls besides.
 */
import { Button } from '@blueprintjs/core';
import DOMPurify from 'dompurify';
import { Lexer, Marked, type Tokens } from 'marked';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type AiBlock = { kind: 'html'; html: string } | { kind: 'code'; lang: string; text: string };

/** A reply's headings sit below the panel's own (h2 in the drawer, messages under it). */
const HEADING_OFFSET = 3;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const replyMarked = new Marked({
  gfm: true,
  breaks: false,
  renderer: {
    html: (token: Tokens.HTML | Tokens.Tag) => escapeHtml(token.text),
    image: (token: Tokens.Image) => escapeHtml(token.text ? `[${token.text}]` : ''),
  },
  walkTokens: (token) => {
    if (token.type === 'heading') token.depth = Math.min(6, token.depth + HEADING_OFFSET);
  },
});

/** Tags a reply never shows, whatever produced them. */
const FORBIDDEN_TAGS = ['form', 'input', 'button', 'textarea', 'select', 'option', 'img', 'style'];

/** A reply's prose as HTML that is safe and inert. */
export function replyHtml(markdown: string): string {
  const html = replyMarked.parse(markdown, { async: false });
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: FORBIDDEN_TAGS,
    FORBID_ATTR: ['style'],
  });
}

/** The reply split into sanitised prose and code blocks, in order. */
export function aiMarkdownBlocks(markdown: string): AiBlock[] {
  const blocks: AiBlock[] = [];
  let prose = '';
  const flush = () => {
    if (prose.trim() !== '') blocks.push({ kind: 'html', html: replyHtml(prose) });
    prose = '';
  };
  for (const token of new Lexer({ gfm: true }).lex(markdown)) {
    if (token.type === 'code') {
      flush();
      blocks.push({ kind: 'code', lang: String(token.lang ?? ''), text: String(token.text) });
    } else {
      prose += token.raw;
    }
  }
  flush();
  return blocks;
}

/** How long "copied" shows after a click. */
const COPIED_MS = 1_500;

function CodeBlock({ lang, text }: { lang: string; text: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  useEffect(() => {
    if (copied === null) return undefined;
    const timer = setTimeout(() => setCopied(null), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = () => {
    // Without clipboard access (an insecure page, a refused permission) say so; never pretend.
    (navigator.clipboard?.writeText(text) ?? Promise.reject(new Error('no clipboard'))).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  };
  return (
    <div className="xa-ai-code" data-testid="ai-code-block">
      <div className="xa-ai-code-bar">
        <span className="xa-muted">{lang || t('ai.code')}</span>
        <Button size="small" variant="minimal" icon="duplicate" onClick={copy}>
          {copied === 'yes'
            ? t('ai.copied')
            : copied === 'failed'
              ? t('ai.copyFailed')
              : t('ai.copy')}
        </Button>
      </div>
      <pre className="xa-mono">
        <code>{text}</code>
      </pre>
    </div>
  );
}

export function AiMarkdown({ markdown }: { markdown: string }) {
  const blocks = useMemo(() => aiMarkdownBlocks(markdown), [markdown]);
  return (
    <div className="xa-ai-markdown">
      {blocks.map((block, i) =>
        block.kind === 'code' ? (
          <CodeBlock key={i} lang={block.lang} text={block.text} />
        ) : (
          <div
            key={i}
            className="xa-practice-statement"
            // Safe: replyHtml escapes raw HTML and sanitises with DOMPurify.
            dangerouslySetInnerHTML={{ __html: block.html }}
          />
        ),
      )}
    </div>
  );
}
