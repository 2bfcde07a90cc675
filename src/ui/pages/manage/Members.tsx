import { Members } from '../../components/staff/people/Members.tsx';
import '../../components/exam/exam.css';
import '../../components/staff/classes/classes.css';

/** /manage/members (issue 8 items 1 and 6): the organization's learners and parents. */
export default function ManageMembersPage() {
  return <Members />;
}
