import { EmptyScreen } from '../components/EmptyScreen.tsx';

export default function UserWalletPage() {
  return <EmptyScreen page="userWallet" />;
}
