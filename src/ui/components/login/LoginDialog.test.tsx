// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { accounts } from '../../../contract/accounts/calls.ts';
import { ErrorCode, errorCatalogue } from '../../../contract/errors.ts';
import type { Runtime } from '../../app/runtime.ts';
import { answer, failure, success } from '../../test/fake-api.ts';
import { createTestRuntime, serveFakeApi, withRuntime } from '../../test/test-runtime.tsx';
import LoginDialog from './LoginDialog.tsx';

serveFakeApi();

const captchaImage = (text: string) =>
  `data:image/svg+xml;base64,${btoa(`<svg xmlns="http://www.w3.org/2000/svg"><text>${text}</text></svg>`)}`;

function answerCaptchas() {
  let drawn = 0;
  answer(accounts.getImageCaptcha, () => {
    drawn += 1;
    return success({
      captchaId: `captcha-${drawn}-abcdef`,
      image: captchaImage(`c${drawn}`),
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
  });
  return () => drawn;
}

function openDialog(): Runtime {
  const runtime = createTestRuntime();
  runtime.start();
  render(withRuntime(runtime, <LoginDialog />));
  act(() => runtime.actors.loginDialog.send({ type: 'OPEN' }));
  return runtime;
}

/** The form group around a labelled input: where its error message is shown. */
function groupOf(label: string): HTMLElement {
  const input = screen.getByLabelText(label, { selector: 'input' });
  return input.closest('.bp6-form-group') as HTMLElement;
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });

describe('LoginDialog field errors', () => {
  it('shows the contract rules under each field, then the server message, keeping the input', async () => {
    answer(accounts.loginByPwd, () =>
      failure(ErrorCode.BAD_CREDENTIALS, errorCatalogue.BAD_CREDENTIALS.message),
    );
    const runtime = openDialog();
    const form = await screen.findByTestId('password-form');

    fireEvent.submit(form);
    await within(groupOf('用户名')).findByText('请输入用户名');
    expect(within(groupOf('密码')).getByText('请输入密码')).toBeTruthy();
    expect(groupOf('用户名').className).toContain('bp6-intent-danger');

    type('用户名', 'demo_student');
    type('密码', 'not-the-password');
    fireEvent.submit(form);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(errorCatalogue.BAD_CREDENTIALS.message);
    expect(within(groupOf('用户名')).queryByText('请输入用户名')).toBeNull();
    // Nothing typed is lost on a failed submit.
    expect((screen.getByLabelText('用户名', { selector: 'input' }) as HTMLInputElement).value).toBe(
      'demo_student',
    );
    expect((screen.getByLabelText('密码', { selector: 'input' }) as HTMLInputElement).value).toBe(
      'not-the-password',
    );
    expect(runtime.actors.loginDialog.getSnapshot().matches('open')).toBe(true);
    runtime.stop();
  });

  it('shows the server\u2019s field errors (data.fields) of a refused login under the fields', async () => {
    answer(accounts.loginByPwd, () =>
      failure(
        ErrorCode.VALIDATION,
        '参数校验失败：body.username 用户名只能包含字母、数字和下划线',
        400,
        {
          fields: [{ field: 'body.username', message: '用户名只能包含字母、数字和下划线' }],
        },
      ),
    );
    const runtime = openDialog();
    const form = await screen.findByTestId('password-form');
    type('用户名', 'demo student');
    type('密码', 'not-the-password');
    fireEvent.submit(form);
    await within(groupOf('用户名')).findByText('用户名只能包含字母、数字和下划线');
    expect(groupOf('用户名').className).toContain('bp6-intent-danger');
    expect(
      within(groupOf('密码')).queryByText(/./, { selector: '.bp6-form-helper-text' }),
    ).toBeNull();
    runtime.stop();
  });

  it('shows the server\u2019s field errors of a refused code request under the fields', async () => {
    const drawn = answerCaptchas();
    answer(accounts.getSmsCode, () =>
      failure(ErrorCode.VALIDATION, '参数校验失败：body.captchaCode 图形验证码错误或已过期', 400, {
        fields: [{ field: 'body.captchaCode', message: '图形验证码错误或已过期' }],
      }),
    );
    const runtime = openDialog();
    fireEvent.click(await screen.findByRole('tab', { name: '手机验证码登录' }));
    await screen.findByAltText('图形验证码图片，点击换一张');
    type('手机号', '13800000000');
    type('图形验证码', 'wxyz');
    fireEvent.click(screen.getByTestId('send-code'));
    await within(groupOf('图形验证码')).findByText('图形验证码错误或已过期');
    // The spent captcha is replaced; wait for it so no request outlives the test.
    await vi.waitFor(() => expect(drawn()).toBe(2));
    await screen.findByAltText('图形验证码图片，点击换一张');
    runtime.stop();
  });

  it('asks for a captcha image on the SMS tab and checks the mobile before sending a code', async () => {
    const drawn = answerCaptchas();
    const runtime = openDialog();
    fireEvent.click(await screen.findByRole('tab', { name: '手机验证码登录' }));
    const image = await screen.findByAltText('图形验证码图片，点击换一张');
    expect(image.getAttribute('src')).toBe(captchaImage('c1'));

    type('手机号', '12345');
    type('图形验证码', 'abcd');
    fireEvent.click(screen.getByTestId('send-code'));
    await within(groupOf('手机号')).findByText('请输入 11 位手机号');
    expect(drawn()).toBe(1);
    expect(
      (screen.getByLabelText('图形验证码', { selector: 'input' }) as HTMLInputElement).value,
    ).toBe('abcd');

    // Clicking the picture asks for a new one.
    fireEvent.click(screen.getByTestId('captcha-image'));
    await vi.waitFor(() => expect(drawn()).toBe(2));
    runtime.stop();
  });

  it('shows the server\u2019s field errors (data.fields) under the registration fields', async () => {
    const drawn = answerCaptchas();
    answer(accounts.registerByPwd, () =>
      failure(ErrorCode.CONFLICT, '用户名已被占用', 409, {
        fields: [{ field: 'body.username', message: '用户名已被占用' }],
      }),
    );
    const runtime = openDialog();
    fireEvent.click(await screen.findByRole('tab', { name: '注册新账号' }));
    await screen.findByAltText('图形验证码图片，点击换一张');

    fireEvent.submit(screen.getByTestId('register-form'));
    await within(groupOf('用户名')).findByText('用户名至少 3 个字符');
    expect(within(groupOf('昵称')).getByText('昵称不能为空')).toBeTruthy();
    expect(within(groupOf('密码')).getByText('密码至少 8 位')).toBeTruthy();

    type('用户名', 'taken_name');
    type('昵称', '小明');
    type('密码', 'long-enough-1');
    type('图形验证码', 'c1c1');
    fireEvent.submit(screen.getByTestId('register-form'));
    await within(groupOf('用户名')).findByText('用户名已被占用');
    expect((screen.getByLabelText('昵称', { selector: 'input' }) as HTMLInputElement).value).toBe(
      '小明',
    );
    // The server spends a captcha per attempt, so a fresh one is drawn.
    await vi.waitFor(() => expect(drawn()).toBe(2));
    runtime.stop();
  });
});
