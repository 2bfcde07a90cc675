import { Button } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../app/context.ts';
import { CaptchaField } from './CaptchaField.tsx';
import { bindFields, captchaMessage } from './fieldErrors.ts';
import { FormError } from './FormError.tsx';
import type { RegisterValues } from './formValues.ts';
import { TextField } from './TextField.tsx';

interface RegisterFormProps {
  values: RegisterValues;
  onChange: (values: RegisterValues) => void;
}

type CaptchaStatus = 'loading' | 'ready' | 'failed';

export function RegisterForm({ values, onChange }: RegisterFormProps) {
  const { t } = useTranslation();
  const { register } = useRuntime().actors;
  const fieldErrors = useSelector(register, (s) => s.context.fieldErrors);
  const field = bindFields(values, onChange, fieldErrors);
  const error = useSelector(register, (s) => s.context.error);
  const captcha = useSelector(register, (s) => s.context.captcha);
  const captchaStatus = useSelector(register, (s): CaptchaStatus =>
    s.matches({ active: { captcha: 'ready' } })
      ? 'ready'
      : s.matches({ active: { captcha: 'failed' } })
        ? 'failed'
        : 'loading',
  );
  const busy = useSelector(
    register,
    (s) =>
      s.matches({ active: { form: 'validating' } }) ||
      s.matches({ active: { form: 'submitting' } }),
  );
  return (
    <form
      noValidate
      data-testid="register-form"
      onSubmit={(event) => {
        event.preventDefault();
        register.send({ type: 'SUBMIT', values });
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
        onRefresh={() => register.send({ type: 'REFRESH_CAPTCHA' })}
      />
      <FormError message={error?.message} />
      <Button type="submit" intent="primary" fill loading={busy} text={t('login.submitRegister')} />
    </form>
  );
}
