import { Button } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../app/context.ts';
import { CaptchaField } from './CaptchaField.tsx';
import { bindFields, captchaMessage } from './fieldErrors.ts';
import { FormError } from './FormError.tsx';
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
  const field = bindFields(values, onChange, fieldErrors);
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
        {...field('mobile')}
        label={t('login.mobile')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
      />
      <CaptchaField
        captcha={captcha}
        status={captchaStatus}
        value={values.captchaCode}
        onChange={(captchaCode) => onChange({ ...values, captchaCode })}
        error={captchaMessage(fieldErrors)}
        onRefresh={() => loginDialog.send({ type: 'REFRESH_CAPTCHA' })}
      />
      <TextField
        {...field('code')}
        label={t('login.smsCode')}
        inputMode="numeric"
        autoComplete="one-time-code"
        rightElement={sendCode}
      />
      <FormError message={codeError?.message} />
      <FormError message={error?.message} />
      <Button type="submit" intent="primary" fill loading={busy} text={t('login.submitLogin')} />
    </form>
  );
}
