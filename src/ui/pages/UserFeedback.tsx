import { EmptyScreen } from '../components/EmptyScreen.tsx';

export default function UserFeedbackPage() {
  return <EmptyScreen page="userFeedback" />;
}
