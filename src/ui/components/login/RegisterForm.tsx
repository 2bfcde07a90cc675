import { Button, Callout } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../app/context.ts';
import { CaptchaField } from './CaptchaField.tsx';
import { fieldMessage } from './fieldErrors.ts';
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
      <TextField
        label={t('login.username')}
        name="username"
        value={values.username}
        autoComplete="username"
        onChange={(username) => onChange({ ...values, username })}
        error={fieldMessage(fieldErrors, 'username')}
      />
      <TextField
        label={t('login.nickname')}
        name="nickname"
        value={values.nickname}
        autoComplete="nickname"
        onChange={(nickname) => onChange({ ...values, nickname })}
        error={fieldMessage(fieldErrors, 'nickname')}
      />
      <TextField
        label={t('login.password')}
        name="password"
        type="password"
        value={values.password}
        autoComplete="new-password"
        onChange={(password) => onChange({ ...values, password })}
        error={fieldMessage(fieldErrors, 'password')}
      />
      <CaptchaField
        captcha={captcha}
        status={captchaStatus}
        value={values.captchaCode}
        onChange={(captchaCode) => onChange({ ...values, captchaCode })}
        error={fieldMessage(fieldErrors, 'captchaCode') ?? fieldMessage(fieldErrors, 'captchaId')}
        onRefresh={() => register.send({ type: 'REFRESH_CAPTCHA' })}
      />
      {error?.message ? (
        <Callout intent="danger" compact role="alert" className="xa-form-error">
          {error.message}
        </Callout>
      ) : null}
      <Button type="submit" intent="primary" fill loading={busy} text={t('login.submitRegister')} />
    </form>
  );
}
