import { Navigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../components/EmptyState.tsx';
import { PageSpinner } from '../components/PageSpinner.tsx';
import { useStaffMenu } from '../layouts/staff-menu.ts';

/**
 * /admin and /manage: the back office opens at the first entry of its menu the session's role
 * grants (a teacher's 概览, a 阅卷老师's 作业), or says that the role grants none.
 */
export default function StaffHome() {
  const { t } = useTranslation();
  const menu = useStaffMenu();
  if (menu === null) return <PageSpinner />;
  const first = menu[0];
  if (first) return <Navigate to={first.to} replace />;
  return (
    <EmptyState
      title={t('staff.nothingPermitted.title')}
      description={t('staff.nothingPermitted.description')}
    />
  );
}
