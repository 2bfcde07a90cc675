import { EmptyScreen } from '../components/EmptyScreen.tsx';

export default function HomeworkReportEnrollPage() {
  return <EmptyScreen page="homeworkReportEnroll" />;
}
