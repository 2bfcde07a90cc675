import { StaffChapters } from '../../components/staff/courses/StaffChapters.tsx';
import '../../components/course/course.css';

/** /manage/chapters (issue 9 item 6): write units — notes, material, price — and their questions. */
export default function ManageChaptersPage() {
  return <StaffChapters area="edms" />;
}
