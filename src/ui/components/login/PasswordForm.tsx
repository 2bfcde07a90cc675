import { Button } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../app/context.ts';
import { bindFields } from './fieldErrors.ts';
import { FormError } from './FormError.tsx';
import type { PasswordValues } from './formValues.ts';
import { TextField } from './TextField.tsx';

interface PasswordFormProps {
  values: PasswordValues;
  onChange: (values: PasswordValues) => void;
}

export function PasswordForm({ values, onChange }: PasswordFormProps) {
  const { t } = useTranslation();
  const { loginDialog } = useRuntime().actors;
  const fieldErrors = useSelector(loginDialog, (s) => s.context.fieldErrors);
  const field = bindFields(values, onChange, fieldErrors);
  const error = useSelector(loginDialog, (s) => s.context.error);
  const busy = useSelector(
    loginDialog,
    (s) =>
      s.matches({ open: { form: 'validating' } }) || s.matches({ open: { form: 'submitting' } }),
  );
  return (
    <form
      noValidate
      data-testid="password-form"
      onSubmit={(event) => {
        event.preventDefault();
        loginDialog.send({ type: 'SUBMIT', credentials: { mode: 'password', ...values } });
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
      <FormError message={error?.message} />
      <Button type="submit" intent="primary" fill loading={busy} text={t('login.submitLogin')} />
    </form>
  );
}
