import { EmptyScreen } from '../components/EmptyScreen.tsx';

export default function ActivityPage() {
  return <EmptyScreen page="activity" />;
}
