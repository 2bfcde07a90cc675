// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createTestRuntime, serveFakeApi } from '../test/test-runtime.tsx';
import ReplayPage from './Replay.tsx';
import { formatStateValue } from './replay-model.ts';

serveFakeApi();

/** A real session's exported log: start-up, seven toasts (two queued), the notice dismissed. */
async function recordSession(): Promise<string> {
  const runtime = createTestRuntime();
  runtime.start();
  await new Promise<void>((resolve) => {
    const sub = runtime.actors.startup.subscribe((s) => {
      if (s.matches({ session: 'ready' })) {
        sub.unsubscribe();
        resolve();
      }
    });
  });
  for (let i = 1; i <= 7; i += 1) {
    runtime.actors.toastQueue.send({
      type: 'SHOW',
      toast: { id: `t${i}`, message: `m${i}`, persistent: true },
    });
  }
  runtime.actors.rollingNotice.send({ type: 'DISMISS', now: Date.now() });
  const log = runtime.eventLog.exportLog();
  runtime.stop();
  return log;
}

function actorCard(name: string): HTMLElement {
  return screen
    .getByRole('heading', { name: new RegExp(`^${name}`) })
    .closest('.bp6-card') as HTMLElement;
}

describe('the replay view', () => {
  it('loads an exported log and steps through every actor state without the network', async () => {
    const log = await recordSession();
    render(<ReplayPage />);
    const input = screen.getByLabelText('选择日志文件');
    await act(async () => {
      fireEvent.change(input, {
        target: { files: [new File([log], 'session.json', { type: 'application/json' })] },
      });
    });
    const counter = await screen.findByTestId('replay-step');
    const total = Number(/\/ (\d+)/.exec(counter.textContent ?? '')?.[1]);
    expect(total).toBeGreaterThan(10);
    expect(counter.textContent).toBe(`第 1 / ${total} 步`);

    fireEvent.click(screen.getByRole('button', { name: '最后一步' }));
    expect(screen.getByTestId('replay-step').textContent).toBe(`第 ${total} / ${total} 步`);
    expect(within(actorCard('rollingNotice')).getByText('hidden')).toBeTruthy();
    const toastContext = within(actorCard('toastQueue')).getByText(/"visible"/).textContent!;
    const context = JSON.parse(toastContext) as { visible: unknown[]; queued: unknown[] };
    expect(context.visible).toHaveLength(5);
    expect(context.queued).toHaveLength(2);
    expect(within(actorCard('startup')).getByText('session.ready')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '上一步' }));
    expect(screen.getByTestId('replay-step').textContent).toBe(`第 ${total - 1} / ${total} 步`);
    // One step back the notice is still shown.
    expect(within(actorCard('rollingNotice')).getByText('shown')).toBeTruthy();
  });

  it('says why a file cannot be read', async () => {
    render(<ReplayPage />);
    await act(async () => {
      fireEvent.change(screen.getByLabelText('选择日志文件'), {
        target: { files: [new File(['{"format":"other"}'], 'x.json')] },
      });
    });
    expect((await screen.findByRole('alert')).textContent).toContain('无法读取日志文件');
  });
});

describe('formatStateValue', () => {
  it('writes nested and parallel states as paths', () => {
    expect(formatStateValue('closed')).toBe('closed');
    expect(formatStateValue({ session: 'ready' })).toBe('session.ready');
    expect(formatStateValue({ open: { form: 'editing', code: 'idle' } })).toBe(
      'open.(form.editing | code.idle)',
    );
  });
});
