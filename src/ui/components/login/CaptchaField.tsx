import { Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Captcha } from '../../../machines/login/machine.ts';
import { TextField } from './TextField.tsx';

interface CaptchaFieldProps {
  captcha: Captcha | null;
  status: 'loading' | 'ready' | 'failed' | 'idle';
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  onRefresh: () => void;
}

/**
 * getImageCaptcha answers a data: URL; raw SVG markup is turned into one. Either way the
 * picture goes through <img>, so markup from the server can never run script in the page.
 */
export function captchaSource(image: string): string {
  return image.startsWith('data:image/')
    ? image
    : `data:image/svg+xml;charset=utf-8,${encodeURIComponent(image)}`;
}

/** The image-captcha input with its picture; clicking the picture asks for a new one. */
export function CaptchaField({
  captcha,
  status,
  value,
  onChange,
  error,
  onRefresh,
}: CaptchaFieldProps) {
  const { t } = useTranslation();
  return (
    <div className="xa-captcha-row">
      <TextField
        label={t('login.captcha')}
        name="captchaCode"
        value={value}
        onChange={onChange}
        error={error}
        autoComplete="off"
      />
      <button
        type="button"
        className="xa-captcha-image"
        onClick={onRefresh}
        disabled={status === 'loading'}
        title={t('login.captchaRefresh')}
        data-testid="captcha-image"
      >
        {status === 'loading' ? (
          <Spinner size={16} aria-label={t('login.captchaLoading')} />
        ) : captcha ? (
          <img src={captchaSource(captcha.image)} alt={t('login.captchaAlt')} />
        ) : (
          <span>{t('login.captchaFailed')}</span>
        )}
      </button>
    </div>
  );
}
