import { Button, Callout } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../app/context.ts';
import { fieldMessage } from './fieldErrors.ts';
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
        label={t('login.username')}
        name="username"
        value={values.username}
        placeholder={t('login.usernamePlaceholder')}
        autoComplete="username"
        autoFocus
        onChange={(username) => onChange({ ...values, username })}
        error={fieldMessage(fieldErrors, 'username')}
      />
      <TextField
        label={t('login.password')}
        name="password"
        type="password"
        value={values.password}
        autoComplete="current-password"
        onChange={(password) => onChange({ ...values, password })}
        error={fieldMessage(fieldErrors, 'password')}
      />
      {error?.message ? (
        <Callout intent="danger" compact role="alert" className="xa-form-error">
          {error.message}
        </Callout>
      ) : null}
      <Button type="submit" intent="primary" fill loading={busy} text={t('login.submitLogin')} />
    </form>
  );
}
