/**
 * How answers are counted in AI tokens when a provider does not say (docs/decisions/ai-assistant.md
 * "The AI assistant"): one token per CJK character (and per other non-ASCII letter or symbol), one
 * per run of ASCII letters and digits (a word or a number), one per run of ASCII punctuation;
 * whitespace is free. It tracks what model tokenizers charge for Chinese text closely enough to
 * price an answer, and it is the same count for the same text everywhere.
 */

const TOKEN = /[A-Za-z0-9_]+|[!-/:-@[-^`{-~]+|[^\s\p{ASCII}]/gu;

export function countTokens(text: string): number {
  let n = 0;
  for (const _ of text.matchAll(TOKEN)) n += 1;
  return n;
}
