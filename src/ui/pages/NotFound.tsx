import { NonIdealState } from '@blueprintjs/core';
import { SearchIcon } from '@blueprintjs/icons';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <section className="xa-screen" data-testid="not-found">
      <NonIdealState
        icon={<SearchIcon size={48} />}
        title={t('notFound.title')}
        description={t('notFound.description', { path: pathname })}
        action={<Link to="/">{t('app.backHome')}</Link>}
      />
    </section>
  );
}
