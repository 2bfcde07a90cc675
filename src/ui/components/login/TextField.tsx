import { useId, useState } from 'react';
import { Button, FormGroup, InputGroup } from '@blueprintjs/core';
import { EyeOffIcon, EyeOpenIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';

interface TextFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  type?: 'text' | 'password' | 'tel';
  placeholder?: string;
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'tel';
  /** Content to the right of the input (e.g. the send-code button). */
  rightElement?: React.JSX.Element;
  autoFocus?: boolean;
}

/** A labelled input with its field error shown under it (issue 2 item 6). */
export function TextField({
  label,
  name,
  value,
  onChange,
  error,
  type = 'text',
  placeholder,
  autoComplete,
  inputMode,
  rightElement,
  autoFocus,
}: TextFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password';
  const reveal = isPassword ? (
    <Button
      variant="minimal"
      icon={revealed ? <EyeOffIcon /> : <EyeOpenIcon />}
      aria-label={revealed ? t('login.hidePassword') : t('login.showPassword')}
      onClick={() => setRevealed(!revealed)}
    />
  ) : undefined;
  return (
    <FormGroup label={label} labelFor={id} helperText={error} intent={error ? 'danger' : 'none'}>
      <InputGroup
        id={id}
        name={name}
        type={isPassword && revealed ? 'text' : type}
        value={value}
        placeholder={placeholder}
        autoComplete={autoComplete}
        inputMode={inputMode}
        intent={error ? 'danger' : 'none'}
        onValueChange={(next) => onChange(next)}
        rightElement={rightElement ?? reveal}
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
      />
    </FormGroup>
  );
}
