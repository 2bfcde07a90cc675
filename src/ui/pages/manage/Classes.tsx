import { StaffClasses } from '../../components/staff/classes/StaffClasses.tsx';
import '../../components/exam/exam.css';
import '../../components/staff/classes/classes.css';

/** /manage/classes (issue 8 item 6): the organization's classes. */
export default function ManageClassesPage() {
  return <StaffClasses area="edms" base="/manage" />;
}
