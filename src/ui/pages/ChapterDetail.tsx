import { EmptyScreen } from '../components/EmptyScreen.tsx';

export default function ChapterDetailPage() {
  return <EmptyScreen page="chapterDetail" />;
}
