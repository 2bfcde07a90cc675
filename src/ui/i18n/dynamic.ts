import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Translates a key that arrives as data (machines hand the UI i18n keys such as
 * 'vip.rights.solutionVideo'); a key the catalogue lacks is shown as it came rather than hidden.
 */
export function useTranslateKey(): (key: string) => string {
  const { t, i18n } = useTranslation();
  return useCallback(
    (key: string) => (i18n.exists(key) ? String(t(key as never)) : key),
    [t, i18n],
  );
}
