import { EmptyScreen } from '../components/EmptyScreen.tsx';

export default function UserHomeworkPage() {
  return <EmptyScreen page="userHomework" />;
}
