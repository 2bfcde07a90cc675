import { useTranslation } from 'react-i18next';
import { BindingTable } from '../../components/family/BindingTable.tsx';
import { ClassApprovals } from '../../components/staff/classes/ClassApprovals.tsx';

/**
 * /manage/approvals (issue 8 item 6): class quit applications and learners to approve, and the
 * parents asking to bind the teacher's learners (issue 25 item 11).
 */
export default function ManageApprovalsPage() {
  const { t } = useTranslation();
  return (
    <section className="xa-screen" aria-labelledby="screen-manage-approvals">
      <h1 id="screen-manage-approvals" className="xa-screen-title">
        {t('staff.menu.approvals')}
      </h1>
      <ClassApprovals />
      <BindingTable side="teacher" />
    </section>
  );
}
