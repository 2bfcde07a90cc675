import { StaffCourses } from '../../components/staff/courses/StaffCourses.tsx';
import '../../components/course/course.css';

/** /admin/courses (issue 9 item 6): write courses, arrange their units, review the organizations' courses. */
export default function AdminCoursesPage() {
  return <StaffCourses area="bms" />;
}
