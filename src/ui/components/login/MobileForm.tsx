import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import {
  selectCaptcha,
  selectCodeError,
  selectCodeStatus,
  selectError,
  selectFieldErrors,
  selectSubmitting,
} from '../../../machines/login/selectors.ts';
import { bindFields } from './field-errors.ts';
import { FormError } from './FormError.tsx';
import { LoginCaptchaField } from './LoginCaptchaField.tsx';
import { useFocusOnFailure } from './use-focus-on-failure.ts';
import { useLoginEvents, useLoginView } from './hooks.ts';
import type { MobileValues } from './form-values.ts';
import { TextField } from './TextField.tsx';

interface MobileFormProps {
  values: MobileValues;
  onChange: (values: MobileValues) => void;
}

/**
 * Mobile + SMS code; a code is sent only after the image captcha
 * (docs/decisions/accounts-and-sessions.md "Captchas").
 */
export function MobileForm({ values, onChange }: MobileFormProps) {
  const { t } = useTranslation();
  const login = useLoginEvents();
  const fieldErrors = useLoginView(selectFieldErrors);
  const field = bindFields(values, onChange, fieldErrors);
  const error = useLoginView(selectError);
  const codeError = useLoginView(selectCodeError);
  const captcha = useLoginView(selectCaptcha);
  const codeState = useLoginView(selectCodeStatus);
  const busy = useLoginView(selectSubmitting);
  const formRef = useFocusOnFailure(error, fieldErrors, 'code');
  const sendCode = (
    <Button
      variant="minimal"
      intent="primary"
      loading={codeState === 'busy'}
      disabled={codeState === 'cooldown' || captcha === null}
      text={codeState === 'cooldown' ? t('login.codeSent') : t('login.sendCode')}
      onClick={() => login.requestCode(values.mobile, values.captchaCode)}
      data-testid="send-code"
    />
  );
  return (
    <form
      ref={formRef}
      noValidate
      data-testid="mobile-form"
      onSubmit={(event) => {
        event.preventDefault();
        login.submit({ mode: 'mobile', mobile: values.mobile, code: values.code });
      }}
    >
      <TextField
        {...field('mobile')}
        label={t('login.mobile')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
      />
      <LoginCaptchaField
        value={values.captchaCode}
        onChange={(captchaCode) => onChange({ ...values, captchaCode })}
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
