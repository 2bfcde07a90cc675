import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

/** Footer of the index layout (home page): the product line and the brief pages. */
export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="xa-footer">
      <nav className="xa-footer-links">
        <Link to="/about">{t('footer.about')}</Link>
        <Link to="/agreement/service">{t('footer.service')}</Link>
        <Link to="/agreement/privacy">{t('footer.privacy')}</Link>
        <Link to="/help/ai-assistant">{t('footer.aiHelp')}</Link>
      </nav>
      <div className="xa-muted">
        {t('app.name')} · {t('footer.slogan')}
      </div>
    </footer>
  );
}
