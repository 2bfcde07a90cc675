import { StaffExams } from '../../components/staff/exam/StaffExams.tsx';
import '../../components/exam/exam.css';

/** /admin/exams (issue 7 item 7): schedule exams and follow them. */
export default function AdminExamsPage() {
  return <StaffExams area="bms" base="/admin" />;
}
