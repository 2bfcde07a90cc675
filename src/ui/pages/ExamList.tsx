import { EmptyScreen } from '../components/EmptyScreen.tsx';

export default function ExamListPage() {
  return <EmptyScreen page="examList" />;
}
