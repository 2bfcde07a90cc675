/**
 * Question titles are Markdown: objective questions quote code in backticks (`7 / 2`) and some
 * carry a fenced block after their first line. Wherever a title is one line (lists, links,
 * headings, names in dialogs and attributes) it goes through here, so every screen shows the
 * same thing: the first line, an ellipsis when more follows, code spans as code (InlineTitle)
 * or, where only text fits (an attribute, an accessible name), without their backticks.
 */
export type TitlePart = { kind: 'text' | 'code'; text: string };

/** The title's one line: the first, with " …" when the title goes on below it. */
function firstLine(title: string): string {
  const [first = '', ...rest] = title.trim().split('\n');
  return rest.some((line) => line.trim() !== '') ? `${first.trimEnd()} …` : first;
}

/** The line as text and code spans; an empty pair of backticks stays text. */
export function titleParts(title: string): TitlePart[] {
  return firstLine(title)
    .split(/(`[^`]+`)/)
    .filter((part) => part !== '')
    .map((part) =>
      part.length > 2 && part.startsWith('`') && part.endsWith('`')
        ? { kind: 'code', text: part.slice(1, -1) }
        : { kind: 'text', text: part },
    );
}

/** The line as plain text: what InlineTitle shows, without the code styling. */
export function plainTitle(title: string): string {
  return titleParts(title)
    .map((part) => part.text)
    .join('');
}
