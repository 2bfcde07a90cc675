// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { ErrorCode } from '../../../contract/errors.ts';
import { file } from '../../../contract/file/calls.ts';
import { answer, failure, success } from '../../test/fake-api.ts';
import { createTestRuntime, serveFakeApi, withRuntime } from '../../test/test-runtime.tsx';
import { FileUploadButton } from './FileUploadButton.tsx';

serveFakeApi();

function mount(onUploaded = vi.fn()) {
  const runtime = createTestRuntime();
  const { container } = render(
    withRuntime(runtime, <FileUploadButton purpose="material" onUploaded={onUploaded} />),
  );
  const input = container.querySelector('input[type=file]') as HTMLInputElement;
  const choose = (chosen: File) => fireEvent.change(input, { target: { files: [chosen] } });
  return { input, choose, onUploaded };
}

describe('FileUploadButton', () => {
  it('posts the file and its purpose as multipart, unsealed, and hands back the stored file', async () => {
    const seen: { purpose: unknown; file: boolean; sealed: boolean }[] = [];
    const stored = {
      fileName: 'abc.pdf',
      originalName: '讲义.pdf',
      contentType: 'application/pdf',
      size: 9,
      url: '/xinao/api/common/file/abc.pdf?appId=xinao-web',
    };
    answer(file['common.file.upload'], async (request) => {
      const form = await request.formData();
      seen.push({
        purpose: form.get('purpose'),
        // jsdom's File reaches Node's fetch without its name and bytes (a test-only gap: the
        // server's files.test.ts sends real ones); that a file part went is what is checked.
        file: form.has('file'),
        sealed: request.headers.has('x-envelope-key'),
      });
      return success(stored);
    });
    const { input, choose, onUploaded } = mount();
    expect(input.accept).toBe('.pdf,.png,.jpg,.jpeg,.gif,.webp');
    choose(new File(['%PDF-1.4\n'], '讲义.pdf', { type: 'application/pdf' }));
    await vi.waitFor(() => expect(onUploaded).toHaveBeenCalledWith(stored));
    expect(seen).toEqual([{ purpose: 'material', file: true, sealed: false }]);
    expect(screen.getByRole('status').textContent).toContain('已上传 讲义.pdf');
  });

  it('shows the server’s refusal in Chinese, naming the file', async () => {
    answer(file['common.file.upload'], () =>
      failure(ErrorCode.VALIDATION, '文件 x.pdf 的内容是 png，与扩展名 .pdf 不符'),
    );
    const { choose, onUploaded } = mount();
    choose(new File(['x'], 'x.pdf'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('文件 x.pdf 上传失败');
    expect(alert.textContent).toContain('与扩展名 .pdf 不符');
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('refuses a file over the purpose’s limit without sending it', async () => {
    // No handler: a request would fail the test (onUnhandledRequest: 'error').
    const { choose, onUploaded } = mount();
    const big = new File(['x'], 'big.pdf');
    Object.defineProperty(big, 'size', { value: 31 * 1024 * 1024 });
    choose(big);
    expect((await screen.findByRole('alert')).textContent).toContain(
      '文件 big.pdf 过大：最大 30 MiB',
    );
    expect(onUploaded).not.toHaveBeenCalled();
  });
});
