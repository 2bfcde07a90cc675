/**
 * An OpenAI-compatible chat model (POST {base}/chat/completions with stream: true), the way a
 * school connects a real model: AI_BASE_URL, AI_API_KEY, AI_MODEL. Its server-sent events are
 * read line by line (`data: {json}` … `data: [DONE]`); a first byte that does not come within
 * its limit, a pause longer than the idle limit, an error status or data that is not the
 * protocol's each fail the reply with a Chinese message (and nothing is charged).
 */
import { AiProviderError, type AiModelProvider } from './types.ts';

export interface OpenAiConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
  /** Until the response's first byte. */
  firstByteTimeoutMs: number;
  /** Between two chunks of the body. */
  idleTimeoutMs: number;
  /** The whole answer. */
  totalTimeoutMs: number;
}

interface ChunkJson {
  choices?: { delta?: { content?: string | null }; finish_reason?: string | null }[];
  /** Accepted as protocol (a usage-only chunk), not charged: registry.ts counts what was delivered. */
  usage?: { completion_tokens?: number } | null;
  error?: { message?: string };
}

const endpoint = (base: string) => `${base.replace(/\/+$/, '')}/chat/completions`;

export function openAiProvider(config: OpenAiConfig): AiModelProvider {
  return {
    name: 'openai',
    model: config.model,
    async generate(request, onDelta) {
      const timer = new AbortController();
      let why: string | null = null;
      let clock: NodeJS.Timeout | undefined;
      const arm = (ms: number, message: string) => {
        clearTimeout(clock);
        clock = setTimeout(() => {
          why = message;
          timer.abort(new AiProviderError(message));
        }, ms);
      };
      const total = setTimeout(() => {
        why = `模型回答超过 ${Math.round(config.totalTimeoutMs / 1000)} 秒仍未结束，已中止`;
        timer.abort(new AiProviderError(why));
      }, config.totalTimeoutMs);
      const signal = AbortSignal.any([request.signal, timer.signal]);
      arm(
        config.firstByteTimeoutMs,
        `模型服务在 ${config.firstByteTimeoutMs / 1000} 秒内没有响应，已中止`,
      );
      try {
        let response: Response;
        try {
          response = await fetch(endpoint(config.baseUrl), {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              accept: 'text/event-stream',
              authorization: `Bearer ${config.apiKey}`,
            },
            body: JSON.stringify({
              model: config.model,
              messages: request.messages,
              stream: true,
              stream_options: { include_usage: true },
            }),
            signal,
          });
        } catch (err) {
          if (request.signal.aborted) throw request.signal.reason as Error;
          throw new AiProviderError(why ?? `无法连接模型服务：${(err as Error).message}`);
        }
        if (!response.ok || !response.body) {
          const text = await response.text().catch(() => '');
          let detail = '';
          try {
            detail = (JSON.parse(text) as ChunkJson).error?.message ?? '';
          } catch {
            // A body that is not JSON says nothing more than the status.
          }
          throw new AiProviderError(
            `模型服务返回错误 ${response.status}${detail ? `：${detail.slice(0, 200)}` : ''}`,
          );
        }
        arm(
          config.idleTimeoutMs,
          `模型服务超过 ${config.idleTimeoutMs / 1000} 秒没有新的内容，已中止`,
        );
        const decoder = new TextDecoder();
        let buffer = '';
        let sawDone = false;
        let sawData = false;
        const garbage = () =>
          new AiProviderError('模型服务返回了无法识别的数据（不是 OpenAI 兼容的流式格式）');
        const handleLine = (line: string) => {
          if (line === '' || line.startsWith(':')) return;
          if (!line.startsWith('data:')) {
            // Other SSE fields (event:, id:, retry:) are allowed by the format; anything else is not.
            if (/^(event|id|retry):/.test(line)) return;
            throw garbage();
          }
          const data = line.slice(5).trim();
          if (data === '[DONE]') {
            sawDone = true;
            return;
          }
          let json: ChunkJson;
          try {
            json = JSON.parse(data) as ChunkJson;
          } catch {
            throw garbage();
          }
          if (json.error) {
            throw new AiProviderError(`模型服务报告错误：${json.error.message ?? '未知错误'}`);
          }
          if (!Array.isArray(json.choices) && !json.usage) throw garbage();
          sawData = true;
          const text = json.choices?.[0]?.delta?.content;
          if (typeof text === 'string' && text.length > 0) onDelta(text);
        };
        const reader = response.body.getReader();
        try {
          while (!sawDone) {
            let chunk: ReadableStreamReadResult<Uint8Array>;
            try {
              chunk = await reader.read();
            } catch (err) {
              if (request.signal.aborted) throw request.signal.reason as Error;
              throw new AiProviderError(why ?? `模型服务连接中断：${(err as Error).message}`);
            }
            if (chunk.done) break;
            arm(
              config.idleTimeoutMs,
              `模型服务超过 ${config.idleTimeoutMs / 1000} 秒没有新的内容，已中止`,
            );
            buffer += decoder.decode(chunk.value, { stream: true });
            let newline: number;
            while ((newline = buffer.indexOf('\n')) >= 0) {
              const line = buffer.slice(0, newline).replace(/\r$/, '');
              buffer = buffer.slice(newline + 1);
              handleLine(line);
            }
          }
        } finally {
          reader.cancel().catch(() => undefined);
        }
        if (buffer.trim()) handleLine(buffer.trim());
        if (!sawData) throw garbage();
      } finally {
        clearTimeout(clock);
        clearTimeout(total);
      }
    },
  };
}
