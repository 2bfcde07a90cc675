import { EmptyScreen } from '../components/EmptyScreen.tsx';

export default function TopicQuweiPage() {
  return <EmptyScreen page="topicQuwei" />;
}
