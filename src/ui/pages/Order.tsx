import { EmptyScreen } from '../components/EmptyScreen.tsx';

export default function OrderPage() {
  return <EmptyScreen page="order" />;
}
