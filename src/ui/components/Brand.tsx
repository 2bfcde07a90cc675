import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSiteLogo } from '../app/hooks.ts';

/**
 * The site logo from settings.json (remembered in local storage), linking home. The logo
 * carries the product name itself, so the name is its alternative text; without a logo the
 * name is shown as text.
 */
export function Brand() {
  const { t } = useTranslation();
  const logo = useSiteLogo();
  return (
    <Link to="/" className="xa-brand" data-testid="brand">
      {logo ? <img src={logo} alt={t('app.name')} /> : <span>{t('app.name')}</span>}
    </Link>
  );
}
