import { EmptyScreen } from '../components/EmptyScreen.tsx';

export default function AgreementServicePage() {
  return <EmptyScreen page="agreementService" />;
}
