const SAMPLE_FENCE = /^(`{3,})(input|output)(\d+)[^\n]*\n([\s\S]*?)^\1[ \t]*(?:\n|$)/gm;

/** Samples written into a statement as Hydro writes them: ```input1 … ``` and ```output1 … ```. */
export function samplesOf(markdown: string): { input: string; output: string }[] {
  const blocks = new Map<string, string>();
  const fence = SAMPLE_FENCE;
  for (const m of markdown.matchAll(fence)) blocks.set(`${m[2]}${m[3]}`, m[4]!);
  const samples: { input: string; output: string }[] = [];
  for (let i = 1; blocks.has(`input${i}`) && blocks.has(`output${i}`); i++) {
    samples.push({ input: blocks.get(`input${i}`)!, output: blocks.get(`output${i}`)! });
  }
  return samples;
}

/** The statement without its sample blocks (the samples travel in problem.json). */
export const withoutSamples = (markdown: string) =>
  markdown
    .replace(SAMPLE_FENCE, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** The samples as Hydro writes them into a statement, after the text. */
export function withSamples(
  markdown: string,
  samples: readonly { input: string; output: string }[],
): string {
  const fence = (kind: string, k: number, body: string) =>
    `\`\`\`${kind}${k}\n${body}${body.endsWith('\n') || body === '' ? '' : '\n'}\`\`\`\n`;
  const blocks = samples.map(
    (s, k) => `${fence('input', k + 1, s.input)}\n${fence('output', k + 1, s.output)}`,
  );
  return [markdown.trim(), ...blocks].filter(Boolean).join('\n\n');
}
