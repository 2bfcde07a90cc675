import { EmptyScreen } from '../components/EmptyScreen.tsx';

export default function CourseDetailPage() {
  return <EmptyScreen page="courseDetail" />;
}
