import { StaffChapters } from '../../components/staff/courses/StaffChapters.tsx';
import '../../components/course/course.css';

/** /admin/chapters (issue 9 item 6): write units — notes, material, price — and their questions. */
export default function AdminChaptersPage() {
  return <StaffChapters area="bms" />;
}
