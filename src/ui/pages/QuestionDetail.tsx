import { EmptyScreen } from '../components/EmptyScreen.tsx';

export default function QuestionDetailPage() {
  return <EmptyScreen page="questionDetail" />;
}
