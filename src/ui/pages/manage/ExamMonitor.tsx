import { useSearchParams } from 'react-router-dom';
import { ExamMonitor } from '../../components/staff/exam/ExamMonitor.tsx';
import '../../components/exam/exam.css';

/** /manage/exams/monitor?id= (issue 7 items 6–7): one exam, live. */
export default function ManageExamMonitorPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return <ExamMonitor area="edms" id={Number.isInteger(id) && id > 0 ? id : 0} />;
}
