import { useTranslation } from 'react-i18next';
import { BindChildForm } from '../components/family/BindChildForm.tsx';
import { ChildBindings } from '../components/family/ChildBindings.tsx';

/**
 * /user/children, 我的孩子 (issue 25 item 11): a parent's bound children and requests, and the
 * form to ask to bind another. Each bound child opens on /user/child.
 */
export default function UserChildrenPage() {
  const { t } = useTranslation();
  return (
    <section className="xa-screen" aria-labelledby="screen-userChildren">
      <h1 id="screen-userChildren" className="xa-screen-title">
        {t('family.title')}
      </h1>
      <p className="xa-muted">{t('family.intro')}</p>
      <ChildBindings />
      <BindChildForm />
    </section>
  );
}
