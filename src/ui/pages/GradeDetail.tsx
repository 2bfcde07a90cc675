import { EmptyScreen } from '../components/EmptyScreen.tsx';

export default function GradeDetailPage() {
  return <EmptyScreen page="gradeDetail" />;
}
