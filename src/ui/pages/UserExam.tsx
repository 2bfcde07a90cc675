import { EmptyScreen } from '../components/EmptyScreen.tsx';

export default function UserExamPage() {
  return <EmptyScreen page="userExam" />;
}
