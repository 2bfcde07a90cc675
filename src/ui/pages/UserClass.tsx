import { EmptyScreen } from '../components/EmptyScreen.tsx';

export default function UserClassPage() {
  return <EmptyScreen page="userClass" />;
}
