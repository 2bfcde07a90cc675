import { useTranslation } from 'react-i18next';
import { ClassApprovals } from '../../components/staff/classes/ClassApprovals.tsx';

/** /manage/approvals (issue 8 item 6): class quit applications and learners to approve. */
export default function ManageApprovalsPage() {
  const { t } = useTranslation();
  return (
    <section className="xa-screen" aria-labelledby="screen-manage-approvals">
      <h1 id="screen-manage-approvals" className="xa-screen-title">
        {t('staff.menu.approvals')}
      </h1>
      <ClassApprovals />
    </section>
  );
}
