import { EmptyScreen } from '../components/EmptyScreen.tsx';

export default function ExamReportEnrollPage() {
  return <EmptyScreen page="examReportEnroll" />;
}
