// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { membership } from '../../contract/membership/calls.ts';
import { ErrorCode } from '../../contract/errors.ts';
import { TOAST_LIMIT } from '../../machines/constants.ts';
import type { Runtime } from '../app/runtime.ts';
import { answer, failure, TEST_WEB } from '../test/fake-api.ts';
import { createTestRuntime, serveFakeApi, withRuntime } from '../test/test-runtime.tsx';
import { ToastContainer } from './ToastContainer.tsx';

serveFakeApi();

function renderToasts(runtime: Runtime) {
  runtime.start();
  render(withRuntime(runtime, <ToastContainer />));
  return screen.getByTestId('toasts');
}

const toastsIn = (container: HTMLElement) => container.querySelectorAll('.bp6-toast');

describe('ToastContainer', () => {
  it('shows at most five toasts and lets a queued one in when a visible one is closed', () => {
    const runtime = createTestRuntime();
    const container = renderToasts(runtime);
    act(() => {
      for (let i = 1; i <= 7; i += 1) {
        runtime.actors.toastQueue.send({
          type: 'SHOW',
          toast: { id: `t${i}`, message: `消息 ${i}`, persistent: true },
        });
      }
    });
    expect(toastsIn(container)).toHaveLength(TOAST_LIMIT);
    expect(container.textContent).not.toContain('消息 6');

    const first = container.querySelector('[data-toast-id="t1"]') as HTMLElement;
    act(() => fireEvent.click(within(first).getByRole('button')));
    expect(toastsIn(container)).toHaveLength(TOAST_LIMIT);
    expect(container.textContent).not.toContain('消息 1');
    expect(container.textContent).toContain('消息 6');
    runtime.stop();
  });

  it('turns a failed call into a red 提示 toast with the server message', async () => {
    answer(membership['membership.queryList'], () => failure(ErrorCode.CONFLICT, '数据冲突了'));
    const runtime = createTestRuntime();
    const container = renderToasts(runtime);
    await expect(
      runtime.transport.call(membership['membership.queryList'], { body: {} }),
    ).rejects.toThrow('数据冲突了');
    const toast = await vi.waitFor(() => {
      const found = container.querySelector('.bp6-toast');
      if (!found) throw new Error('no toast yet');
      return found;
    });
    expect(toast.className).toContain('bp6-intent-danger');
    expect(toast.textContent).toContain('提示');
    expect(toast.textContent).toContain('数据冲突了');
    runtime.stop();
  });

  it('tells a refusal that names its fields in their words, not by wire path', async () => {
    answer(membership['membership.queryList'], () =>
      failure(ErrorCode.VALIDATION, '参数校验失败：query.size 每页最多 500 条', 400, {
        fields: [{ field: 'query.size', message: '每页最多 500 条' }],
      }),
    );
    const runtime = createTestRuntime();
    const container = renderToasts(runtime);
    await expect(
      runtime.transport.call(membership['membership.queryList'], { body: {} }),
    ).rejects.toThrow();
    const toast = await vi.waitFor(() => {
      const found = container.querySelector('.bp6-toast');
      if (!found) throw new Error('no toast yet');
      return found;
    });
    expect(toast.textContent).toContain('每页最多 500 条');
    expect(toast.textContent).not.toContain('query.size');
    runtime.stop();
  });

  it('keeps the quota toast until closed, then opens the card list in a new tab', async () => {
    answer(membership['membership.queryList'], () =>
      failure(ErrorCode.QUOTA_USED_UP, '今日提交次数已用完', 429),
    );
    const open = vi.fn<Window['open']>(() => null);
    const runtime = createTestRuntime({ open });
    const container = renderToasts(runtime);
    await expect(
      runtime.transport.call(membership['membership.queryList'], { body: {} }),
    ).rejects.toThrow();
    const toast = await vi.waitFor(() => {
      const found = container.querySelector('.bp6-toast');
      if (!found) throw new Error('no toast yet');
      return found as HTMLElement;
    });
    expect(toast.textContent).toContain('今日提交次数已用完');
    expect(toast.textContent).toContain('可以购买会员卡继续使用');
    expect(toast.className).toContain('bp6-intent-danger');
    // Persistent: the machine never schedules its expiry.
    expect(runtime.actors.toastQueue.getSnapshot().context.visible[0]?.timeoutMs).toBe(0);

    expect(open).not.toHaveBeenCalled();
    act(() => fireEvent.click(within(toast).getByRole('button')));
    expect(open).toHaveBeenCalledWith(`${TEST_WEB}vipCardList`, '_blank', 'noopener');
    expect(toastsIn(container)).toHaveLength(0);
    runtime.stop();
  });
});
