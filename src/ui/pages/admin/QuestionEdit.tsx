import { QuestionEditor } from '../../components/staff/question-editor/QuestionEditor.tsx';

/** /admin/questions/edit?id= (issue 14): a platform-bank question; without an id, a new one. */
export default function AdminQuestionEditPage() {
  return <QuestionEditor area="bms" />;
}
