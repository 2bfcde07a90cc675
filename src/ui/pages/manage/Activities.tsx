import { StaffActivities } from '../../components/staff/activities/StaffActivities.tsx';
import '../../components/activity/activity.css';

/** /manage/activities (issue 10 item 1): the organization's activities and their enrollments. */
export default function ManageActivitiesPage() {
  return <StaffActivities area="edms" />;
}
