import { StaffQuestions } from '../../components/staff/questions/StaffQuestions.tsx';

/** /admin/questions (issue 14): the platform bank — list, publish, import and export packages. */
export default function AdminQuestionsPage() {
  return <StaffQuestions area="bms" base="/admin" />;
}
