import { TopicPage } from '../components/course/TopicPage.tsx';

/** /topic/train (issue 9 item 2): a topic page built from its setting (common/config topic.train). */
export default function TopicTrainPage() {
  return <TopicPage name="train" />;
}
