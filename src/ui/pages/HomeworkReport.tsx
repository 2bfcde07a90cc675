import { EmptyScreen } from '../components/EmptyScreen.tsx';

export default function HomeworkReportPage() {
  return <EmptyScreen page="homeworkReport" />;
}
