import { EmptyScreen } from '../components/EmptyScreen.tsx';

export default function TopicGrammarPage() {
  return <EmptyScreen page="topicGrammar" />;
}
