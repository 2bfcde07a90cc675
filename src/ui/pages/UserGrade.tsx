import { EmptyScreen } from '../components/EmptyScreen.tsx';

export default function UserGradePage() {
  return <EmptyScreen page="userGrade" />;
}
