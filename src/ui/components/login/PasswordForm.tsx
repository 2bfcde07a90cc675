import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import {
  selectCaptchaRequired,
  selectError,
  selectFieldErrors,
  selectSubmitting,
} from '../../../machines/login/selectors.ts';
import { bindFields } from './field-errors.ts';
import { FormError } from './FormError.tsx';
import { LoginCaptchaField } from './LoginCaptchaField.tsx';
import { useFocusOnFailure } from './use-focus-on-failure.ts';
import { useLoginEvents, useLoginView } from './hooks.ts';
import type { PasswordValues } from './form-values.ts';
import { TextField } from './TextField.tsx';

interface PasswordFormProps {
  values: PasswordValues;
  onChange: (values: PasswordValues) => void;
}

export function PasswordForm({ values, onChange }: PasswordFormProps) {
  const { t } = useTranslation();
  const login = useLoginEvents();
  const fieldErrors = useLoginView(selectFieldErrors);
  const field = bindFields(values, onChange, fieldErrors);
  const error = useLoginView(selectError);
  const busy = useLoginView(selectSubmitting);
  // After repeated wrong passwords the server's login brake asks for the image captcha.
  const captchaRequired = useLoginView(selectCaptchaRequired);
  const formRef = useFocusOnFailure(
    error,
    fieldErrors,
    captchaRequired ? 'captchaCode' : 'password',
  );
  return (
    <form
      ref={formRef}
      noValidate
      data-testid="password-form"
      onSubmit={(event) => {
        event.preventDefault();
        const { captchaCode, ...credentials } = values;
        login.submit({
          mode: 'password',
          ...credentials,
          ...(captchaRequired ? { captchaCode } : {}),
        });
      }}
    >
      <TextField
        {...field('username')}
        label={t('login.username')}
        placeholder={t('login.usernamePlaceholder')}
        autoComplete="username"
        autoFocus
      />
      <TextField
        {...field('password')}
        label={t('login.password')}
        type="password"
        autoComplete="current-password"
      />
      {captchaRequired && (
        <LoginCaptchaField
          value={values.captchaCode}
          onChange={(captchaCode) => onChange({ ...values, captchaCode })}
        />
      )}
      <FormError message={error?.message} />
      <Button type="submit" intent="primary" fill loading={busy} text={t('login.submitLogin')} />
    </form>
  );
}
