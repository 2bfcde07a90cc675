import { EmptyScreen } from '../components/EmptyScreen.tsx';

export default function TopicTrainPage() {
  return <EmptyScreen page="topicTrain" />;
}
