import { StaffActivities } from '../../components/staff/activities/StaffActivities.tsx';
import '../../components/activity/activity.css';

/** /admin/activities (issue 10 item 1): every activity, review, enrollments and rankings. */
export default function AdminActivitiesPage() {
  return <StaffActivities area="bms" />;
}
