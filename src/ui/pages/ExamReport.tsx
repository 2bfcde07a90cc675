import { EmptyScreen } from '../components/EmptyScreen.tsx';

export default function ExamReportPage() {
  return <EmptyScreen page="examReport" />;
}
