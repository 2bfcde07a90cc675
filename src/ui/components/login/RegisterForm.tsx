import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import {
  selectCaptcha,
  selectCaptchaStatus,
  selectError,
  selectFieldErrors,
  selectSubmitting,
} from '../../../machines/register/selectors.ts';
import { CaptchaField } from './CaptchaField.tsx';
import { bindFields, captchaMessage } from './field-errors.ts';
import { FormError } from './FormError.tsx';
import { useRegisterEvents, useRegisterView } from './hooks.ts';
import type { RegisterValues } from './form-values.ts';
import { TextField } from './TextField.tsx';

interface RegisterFormProps {
  values: RegisterValues;
  onChange: (values: RegisterValues) => void;
}

export function RegisterForm({ values, onChange }: RegisterFormProps) {
  const { t } = useTranslation();
  const register = useRegisterEvents();
  const fieldErrors = useRegisterView(selectFieldErrors);
  const field = bindFields(values, onChange, fieldErrors);
  const error = useRegisterView(selectError);
  const captcha = useRegisterView(selectCaptcha);
  const captchaStatus = useRegisterView(selectCaptchaStatus);
  const busy = useRegisterView(selectSubmitting);
  return (
    <form
      noValidate
      data-testid="register-form"
      onSubmit={(event) => {
        event.preventDefault();
        register.submit(values);
      }}
    >
      <TextField {...field('username')} label={t('login.username')} autoComplete="username" />
      <TextField {...field('nickname')} label={t('login.nickname')} autoComplete="nickname" />
      <TextField
        {...field('password')}
        label={t('login.password')}
        type="password"
        autoComplete="new-password"
      />
      <CaptchaField
        captcha={captcha}
        status={captchaStatus}
        value={values.captchaCode}
        onChange={(captchaCode) => onChange({ ...values, captchaCode })}
        error={captchaMessage(fieldErrors)}
        onRefresh={register.refreshCaptcha}
      />
      <FormError message={error?.message} />
      <Button type="submit" intent="primary" fill loading={busy} text={t('login.submitRegister')} />
    </form>
  );
}
