import { EmptyScreen } from '../components/EmptyScreen.tsx';

export default function PlayHomePage() {
  return <EmptyScreen page="playHome" />;
}
