import { EmptyScreen } from '../components/EmptyScreen.tsx';

export default function CourseListPage() {
  return <EmptyScreen page="courseList" />;
}
