/**
 * Whether a statement already shows its samples: each sample's input and output appears in a
 * fenced code block of the Markdown. Statements written for other judges (and the seeded ones)
 * usually carry them; the question page then does not list them a second time.
 */
export function statementShowsSamples(
  markdown: string,
  samples: readonly { input: string; output: string }[],
): boolean {
  if (samples.length === 0) return true;
  const blocks = [...markdown.matchAll(/```[^\n]*\n([\s\S]*?)```/g)].map((m) => norm(m[1]!));
  return samples.every(
    (sample) => blocks.includes(norm(sample.input)) && blocks.includes(norm(sample.output)),
  );
}

const norm = (text: string) => text.replace(/\r\n/g, '\n').trim();
