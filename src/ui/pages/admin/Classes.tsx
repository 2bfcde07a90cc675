import { StaffClasses } from '../../components/staff/classes/StaffClasses.tsx';
import '../../components/exam/exam.css';
import '../../components/staff/classes/classes.css';

/** /admin/classes (issue 8 item 6): every organization's classes. */
export default function AdminClassesPage() {
  return <StaffClasses area="bms" base="/admin" />;
}
