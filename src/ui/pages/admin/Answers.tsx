import { PlatformAnswers } from '../../components/staff/answers/PlatformAnswers.tsx';

/** /admin/answers (issue 27): every learner's answers, as the platform corrects them. */
export default function AdminAnswersPage() {
  return <PlatformAnswers />;
}
