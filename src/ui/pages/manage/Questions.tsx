import { StaffQuestions } from '../../components/staff/questions/StaffQuestions.tsx';

/** /manage/questions (issue 14): the school's bank — list, publish, import and export packages. */
export default function ManageQuestionsPage() {
  return <StaffQuestions area="edms" base="/manage" />;
}
