import DOMPurify from 'dompurify';
import { Marked, type MarkedExtension } from 'marked';
import { useEffect, useMemo, useState } from 'react';

/**
 * Statements are authored in Markdown (headings, lists, fenced code) with $…$ / $$…$$ math. They
 * come from the server, so the HTML marked produces is sanitised with DOMPurify before it
 * reaches the DOM: marked passes raw HTML through untouched, and a statement must never run
 * script in the learner's page. Math is typeset by KaTeX (statement-math.ts), loaded only when a
 * statement holds math; until it arrives the math shows as its source text. Private Marked
 * instances keep these options from leaking into anyone else's use of marked (monaco bundles
 * its own copy).
 */
const plainMarked = new Marked({ gfm: true, breaks: false });
const mathMarkedOf = new WeakMap<MarkedExtension, Marked>();

function markedWith(math: MarkedExtension | null): Marked {
  if (!math) return plainMarked;
  let marked = mathMarkedOf.get(math);
  if (!marked) {
    marked = new Marked({ gfm: true, breaks: false }, math);
    mathMarkedOf.set(math, marked);
  }
  return marked;
}

/** The panel titles the question with an h3; statement headings nest below it (# becomes h4). */
const HEADING_OFFSET = 3;

/** Whether a statement has anything that looks like math (worth loading KaTeX for). */
export function hasMath(markdown: string): boolean {
  return /\$\$[\s\S]+?\$\$|\$[^\s$][^$\n]*\$/.test(markdown);
}

/**
 * Markdown source to sanitised HTML. Statements often open with the question's title as a
 * heading; the panel already shows the title, so that heading is dropped rather than repeated.
 * `math` is the KaTeX extension once loaded (null: math stays as text).
 */
export function statementHtml(
  markdown: string,
  title?: string,
  math: MarkedExtension | null = null,
  headingOffset = HEADING_OFFSET,
): string {
  const marked = markedWith(math);
  const tokens = marked.lexer(markdown);
  const first = tokens.findIndex((token) => token.type !== 'space');
  const opening = tokens[first];
  if (opening?.type === 'heading' && title !== undefined && opening.text.trim() === title.trim()) {
    tokens.splice(first, 1);
  }
  marked.walkTokens(tokens, (token) => {
    if (token.type === 'heading') token.depth = Math.min(6, token.depth + headingOffset);
  });
  const html = marked.parser(tokens);
  // KaTeX draws some symbols (roots, long arrows) as SVG, hence the svg profile.
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true, svg: true } });
}

/** The KaTeX extension, loaded on first need and shared by every statement afterwards. */
let mathLoad: Promise<MarkedExtension> | null = null;
export function loadMath(): Promise<MarkedExtension> {
  mathLoad ??= import('./statement-math.ts').then((module) => module.mathExtension);
  // A failed chunk load may succeed later (the next statement tries again).
  mathLoad.catch(() => {
    mathLoad = null;
  });
  return mathLoad;
}

function useMath(needed: boolean): MarkedExtension | null {
  const [math, setMath] = useState<MarkedExtension | null>(null);
  useEffect(() => {
    if (!needed || math) return;
    let live = true;
    loadMath().then(
      (extension) => {
        if (live) setMath(() => extension);
      },
      // The statement stays readable with its math as source text.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [needed, math]);
  return math;
}

/**
 * `headingOffset`: how far the text's headings move down below the surrounding page's own (3
 * under a question panel's h3; 1 on a page whose h1 is its title, such as the site's texts).
 */
export function StatementMarkdown(props: {
  markdown: string;
  title?: string;
  headingOffset?: number;
  testId?: string;
}) {
  const math = useMath(hasMath(props.markdown));
  const html = useMemo(
    () => statementHtml(props.markdown, props.title, math, props.headingOffset),
    [props.markdown, props.title, math, props.headingOffset],
  );
  return (
    <div
      className="xa-practice-statement"
      data-testid={props.testId ?? 'practice-statement'}
      data-math={math ? 'typeset' : 'text'}
      // Safe: statementHtml sanitises with DOMPurify.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
