/**
 * The assistant's settings, read once from the environment at start-up (README "The AI
 * assistant"). With AI_BASE_URL, AI_API_KEY and AI_MODEL all set, answers come from that
 * OpenAI-compatible model; otherwise from the built-in judge tutor, which needs nothing.
 */
import { builtinProvider } from './providers/builtin.ts';
import { openAiProvider, type OpenAiConfig } from './providers/openai.ts';
import type { AiModelProvider } from './providers/types.ts';

export interface AiConfig {
  openai: OpenAiConfig | null;
  /** The built-in tutor's pace: one small piece every this many ms (0: as fast as it can). */
  builtinPieceMs: number;
  /** A reply nobody has followed for this long (the tab was closed) is stopped. */
  noReaderStopMs: number;
}

export const AI_DEFAULTS = {
  firstByteTimeoutMs: 20_000,
  idleTimeoutMs: 30_000,
  totalTimeoutMs: 180_000,
  builtinPieceMs: 15,
  noReaderStopMs: 30_000,
};

function ms(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 1): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!/^[0-9]+$/.test(value) || !Number.isSafeInteger(n) || n < min) {
    throw new Error(`${name} must be a whole number of milliseconds ≥ ${min}, got "${value}"`);
  }
  return n;
}

export function aiConfigFromEnv(env: NodeJS.ProcessEnv): AiConfig {
  const baseUrl = env.AI_BASE_URL?.trim();
  const apiKey = env.AI_API_KEY?.trim();
  const model = env.AI_MODEL?.trim();
  const configured = Boolean(baseUrl && apiKey && model);
  if (configured && !/^https?:\/\//.test(baseUrl!)) {
    throw new Error(`AI_BASE_URL must start with http:// or https://, got "${baseUrl}"`);
  }
  return {
    openai: configured
      ? {
          baseUrl: baseUrl!,
          apiKey: apiKey!,
          model: model!,
          firstByteTimeoutMs: ms(env, 'AI_FIRST_BYTE_TIMEOUT_MS', AI_DEFAULTS.firstByteTimeoutMs),
          idleTimeoutMs: ms(env, 'AI_IDLE_TIMEOUT_MS', AI_DEFAULTS.idleTimeoutMs),
          totalTimeoutMs: ms(env, 'AI_TOTAL_TIMEOUT_MS', AI_DEFAULTS.totalTimeoutMs),
        }
      : null,
    builtinPieceMs: ms(env, 'AI_BUILTIN_PIECE_MS', AI_DEFAULTS.builtinPieceMs, 0),
    noReaderStopMs: ms(env, 'AI_NO_READER_STOP_MS', AI_DEFAULTS.noReaderStopMs),
  };
}

export const providerOf = (config: AiConfig): AiModelProvider =>
  config.openai ? openAiProvider(config.openai) : builtinProvider(config.builtinPieceMs);
