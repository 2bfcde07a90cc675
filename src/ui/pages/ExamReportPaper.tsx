import { EmptyScreen } from '../components/EmptyScreen.tsx';

export default function ExamReportPaperPage() {
  return <EmptyScreen page="examReportPaper" />;
}
