import { Button, Callout } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../app/context.ts';
import { CaptchaField } from './CaptchaField.tsx';
import { fieldMessage } from './fieldErrors.ts';
import type { MobileValues } from './formValues.ts';
import { TextField } from './TextField.tsx';

interface MobileFormProps {
  values: MobileValues;
  onChange: (values: MobileValues) => void;
}

type CaptchaStatus = 'idle' | 'loading' | 'ready' | 'failed';

/** Mobile + SMS code; a code is sent only after the image captcha (spec 001 §7.1). */
export function MobileForm({ values, onChange }: MobileFormProps) {
  const { t } = useTranslation();
  const { loginDialog } = useRuntime().actors;
  const fieldErrors = useSelector(loginDialog, (s) => s.context.fieldErrors);
  const error = useSelector(loginDialog, (s) => s.context.error);
  const codeError = useSelector(loginDialog, (s) => s.context.codeError);
  const captcha = useSelector(loginDialog, (s) => s.context.captcha);
  const captchaStatus = useSelector(loginDialog, (s): CaptchaStatus => {
    for (const status of ['loading', 'ready', 'failed'] as const) {
      if (s.matches({ open: { captcha: status } })) return status;
    }
    return 'idle';
  });
  const codeState = useSelector(loginDialog, (s) =>
    s.matches({ open: { code: 'cooldown' } })
      ? 'cooldown'
      : s.matches({ open: { code: 'idle' } })
        ? 'idle'
        : 'busy',
  );
  const busy = useSelector(
    loginDialog,
    (s) =>
      s.matches({ open: { form: 'validating' } }) || s.matches({ open: { form: 'submitting' } }),
  );
  const sendCode = (
    <Button
      variant="minimal"
      intent="primary"
      loading={codeState === 'busy'}
      disabled={codeState === 'cooldown' || captcha === null}
      text={codeState === 'cooldown' ? t('login.codeSent') : t('login.sendCode')}
      onClick={() =>
        loginDialog.send({
          type: 'REQUEST_CODE',
          mobile: values.mobile,
          captchaCode: values.captchaCode,
        })
      }
      data-testid="send-code"
    />
  );
  return (
    <form
      noValidate
      data-testid="mobile-form"
      onSubmit={(event) => {
        event.preventDefault();
        loginDialog.send({
          type: 'SUBMIT',
          credentials: { mode: 'mobile', mobile: values.mobile, code: values.code },
        });
      }}
    >
      <TextField
        label={t('login.mobile')}
        name="mobile"
        type="tel"
        inputMode="tel"
        value={values.mobile}
        autoComplete="tel"
        onChange={(mobile) => onChange({ ...values, mobile })}
        error={fieldMessage(fieldErrors, 'mobile')}
      />
      <CaptchaField
        captcha={captcha}
        status={captchaStatus}
        value={values.captchaCode}
        onChange={(captchaCode) => onChange({ ...values, captchaCode })}
        error={fieldMessage(fieldErrors, 'captchaCode') ?? fieldMessage(fieldErrors, 'captchaId')}
        onRefresh={() => loginDialog.send({ type: 'REFRESH_CAPTCHA' })}
      />
      <TextField
        label={t('login.smsCode')}
        name="code"
        inputMode="numeric"
        value={values.code}
        autoComplete="one-time-code"
        onChange={(code) => onChange({ ...values, code })}
        error={fieldMessage(fieldErrors, 'code')}
        rightElement={sendCode}
      />
      {codeError?.message ? (
        <Callout intent="danger" compact role="alert" className="xa-form-error">
          {codeError.message}
        </Callout>
      ) : null}
      {error?.message ? (
        <Callout intent="danger" compact role="alert" className="xa-form-error">
          {error.message}
        </Callout>
      ) : null}
      <Button type="submit" intent="primary" fill loading={busy} text={t('login.submitLogin')} />
    </form>
  );
}
