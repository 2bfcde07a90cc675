/** Helpers for tests that submit answers and read them back through the SDK. */
import { memberQuestion } from '../../src/contract/member-question/calls.ts';
import type { AnswerDetail } from '../../src/contract/member-question/calls.ts';
import type { Transport } from '../../src/transport/client.ts';

/** Polls queryById until the answer is judged (done or failed). */
export async function judged(
  api: Transport,
  id: number,
  timeoutMs = 60_000,
): Promise<AnswerDetail> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const detail = await api.call(memberQuestion['memberQuestion.queryById'], { query: { id } });
    if (detail.status === 'done' || detail.status === 'failed') return detail;
    if (Date.now() > until) throw new Error(`answer ${id} still ${detail.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
