import { TopicPage } from '../components/course/TopicPage.tsx';

/** /topic/grammar (issue 9 item 2): a topic page built from its setting (common/config topic.grammar). */
export default function TopicGrammarPage() {
  return <TopicPage name="grammar" />;
}
