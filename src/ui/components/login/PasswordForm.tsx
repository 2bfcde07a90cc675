import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import {
  selectError,
  selectFieldErrors,
  selectSubmitting,
} from '../../../machines/login/selectors.ts';
import { bindFields } from './fieldErrors.ts';
import { FormError } from './FormError.tsx';
import { useLoginEvents, useLoginView } from './hooks.ts';
import type { PasswordValues } from './formValues.ts';
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
  return (
    <form
      noValidate
      data-testid="password-form"
      onSubmit={(event) => {
        event.preventDefault();
        login.submit({ mode: 'password', ...values });
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
