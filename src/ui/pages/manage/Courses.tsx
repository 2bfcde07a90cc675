import { StaffCourses } from '../../components/staff/courses/StaffCourses.tsx';
import '../../components/course/course.css';

/** /manage/courses (issue 9 item 6): write courses, arrange their units. */
export default function ManageCoursesPage() {
  return <StaffCourses area="edms" />;
}
