import { QuestionEditor } from '../../components/staff/question-editor/QuestionEditor.tsx';

/** /manage/questions/edit?id= (issue 14): the organization's question; without an id, a new one. */
export default function ManageQuestionEditPage() {
  return <QuestionEditor area="edms" />;
}
