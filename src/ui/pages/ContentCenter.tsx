import { EmptyScreen } from '../components/EmptyScreen.tsx';

export default function ContentCenterPage() {
  return <EmptyScreen page="contentCenter" />;
}
