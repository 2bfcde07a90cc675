/** Samples written into a statement as Hydro writes them: ```input1 … ``` and ```output1 … ```. */
export function samplesOf(markdown: string): { input: string; output: string }[] {
  const blocks = new Map<string, string>();
  const fence = /^(`{3,})(input|output)(\d+)[^\n]*\n([\s\S]*?)^\1\s*$/gm;
  for (const m of markdown.matchAll(fence)) blocks.set(`${m[2]}${m[3]}`, m[4]!);
  const samples: { input: string; output: string }[] = [];
  for (let i = 1; blocks.has(`input${i}`) && blocks.has(`output${i}`); i++) {
    samples.push({ input: blocks.get(`input${i}`)!, output: blocks.get(`output${i}`)! });
  }
  return samples;
}
