import { EmptyScreen } from '../components/EmptyScreen.tsx';

export default function CampPage() {
  return <EmptyScreen page="camp" />;
}
