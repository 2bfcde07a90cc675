import { EmptyScreen } from '../components/EmptyScreen.tsx';

export default function ExamDetailPage() {
  return <EmptyScreen page="examDetail" />;
}
