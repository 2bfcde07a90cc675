import { EmptyScreen } from '../components/EmptyScreen.tsx';

export default function UserReportPage() {
  return <EmptyScreen page="userReport" />;
}
