import { StaffFeedback } from '../../components/staff/feedback/StaffFeedback.tsx';

/** /admin/feedback (issue 27 item 5): what members told the platform, and the answers. */
export default function AdminFeedbackPage() {
  return <StaffFeedback />;
}
