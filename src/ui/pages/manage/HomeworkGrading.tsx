import { GradingOverview } from '../../components/staff/homework/GradingOverview.tsx';
import { useIdParam } from '../../app/use-page-param.ts';
import '../../components/exam/exam.css';
import '../../components/staff/classes/classes.css';

/** /manage/homework/grading?id= (issue 8 item 6): one homework's grading overview, live. */
export default function ManageHomeworkGradingPage() {
  return <GradingOverview area="edms" id={useIdParam()} />;
}
