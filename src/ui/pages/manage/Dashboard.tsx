import { Dashboard } from '../../components/staff/organizations/Dashboard.tsx';
import '../../components/staff/classes/classes.css';

/** /manage/dashboard (issue 8 item 6): the organization at a glance. */
export default function ManageDashboardPage() {
  return <Dashboard />;
}
