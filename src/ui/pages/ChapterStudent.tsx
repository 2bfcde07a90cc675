import { EmptyScreen } from '../components/EmptyScreen.tsx';

export default function ChapterStudentPage() {
  return <EmptyScreen page="chapterStudent" />;
}
