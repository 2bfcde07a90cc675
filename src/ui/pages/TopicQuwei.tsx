import { TopicPage } from '../components/course/TopicPage.tsx';

/** /topic/quwei (issue 9 item 2): a topic page built from its setting (common/config topic.quwei). */
export default function TopicQuweiPage() {
  return <TopicPage name="quwei" />;
}
