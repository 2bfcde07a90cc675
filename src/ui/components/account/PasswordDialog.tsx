import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
} from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { organization as orgApi } from '../../../contract/organization/refs.ts';
import { ApiError } from '../../../transport/errors.ts';
import { useRuntime } from '../../app/context.ts';

type Field = 'oldPassword' | 'newPassword' | 'confirm';

/**
 * Changing one's own password (member/updatePwd): the old one, the new one twice. `forced`: an
 * admin reset it (user/resetPwd), so the dialog cannot be closed until it is changed; the server
 * refuses every other call meanwhile. Each refusal shows under its field and keeps what was typed.
 */
export function PasswordDialog({
  isOpen,
  forced,
  onClose,
  onChanged,
}: {
  isOpen: boolean;
  forced: boolean;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const { transport } = useRuntime();
  const [values, setValues] = useState<Record<Field, string>>({
    oldPassword: '',
    newPassword: '',
    confirm: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const local: Partial<Record<Field, string>> = {};
    if (!values.oldPassword) local.oldPassword = t('password.oldRequired');
    if (values.newPassword.length < 8) local.newPassword = t('password.tooShort');
    else if (values.confirm !== values.newPassword) local.confirm = t('password.mismatch');
    setErrors(local);
    setFailure(null);
    if (Object.keys(local).length > 0) return;
    setSaving(true);
    try {
      await transport.call(orgApi['member.updatePwd'], {
        body: { oldPassword: values.oldPassword, newPassword: values.newPassword },
        skipErrorHandler: true,
      });
      setValues({ oldPassword: '', newPassword: '', confirm: '' });
      onChanged();
    } catch (error) {
      const fields = error instanceof ApiError ? error.fieldErrors : {};
      const named = {
        oldPassword: fields['body.oldPassword'],
        newPassword: fields['body.newPassword'],
      };
      if (named.oldPassword || named.newPassword) setErrors(named);
      else setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  const field = (name: Field, label: string) => (
    <FormGroup
      label={label}
      labelFor={`password-${name}`}
      intent={errors[name] ? 'danger' : 'none'}
      helperText={errors[name]}
    >
      <InputGroup
        id={`password-${name}`}
        type="password"
        autoComplete={name === 'oldPassword' ? 'current-password' : 'new-password'}
        value={values[name]}
        intent={errors[name] ? 'danger' : 'none'}
        onValueChange={(value) => setValues((v) => ({ ...v, [name]: value }))}
      />
    </FormGroup>
  );

  return (
    <Dialog
      isOpen={isOpen}
      title={t('password.title')}
      isCloseButtonShown={!forced}
      canEscapeKeyClose={!forced}
      canOutsideClickClose={!forced}
      onClose={onClose}
    >
      <DialogBody>
        {forced && (
          <Callout intent="warning" className="xa-section">
            {t('password.forced')}
          </Callout>
        )}
        {field('oldPassword', t(forced ? 'password.oldForced' : 'password.old'))}
        {field('newPassword', t('password.new'))}
        {field('confirm', t('password.confirm'))}
        {failure && <Callout intent="danger">{failure}</Callout>}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            {!forced && <Button text={t('checkout.close')} onClick={onClose} />}
            <Button
              intent="primary"
              text={t('password.save')}
              loading={saving}
              onClick={() => void submit()}
              data-testid="password-save"
            />
          </>
        }
      />
    </Dialog>
  );
}
