import { StaffExams } from '../../components/staff/exam/StaffExams.tsx';
import '../../components/exam/exam.css';

/** /manage/exams (issue 7 item 7): schedule exams and follow them. */
export default function ManageExamsPage() {
  return <StaffExams area="edms" base="/manage" />;
}
