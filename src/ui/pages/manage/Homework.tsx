import { StaffHomework } from '../../components/staff/homework/StaffHomework.tsx';
import '../../components/exam/exam.css';
import '../../components/staff/classes/classes.css';

/** /manage/homework (issue 8 item 6): assign, publish and follow homework. */
export default function ManageHomeworkPage() {
  return <StaffHomework area="edms" base="/manage" />;
}
