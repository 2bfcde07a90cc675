import { EmptyScreen } from '../components/EmptyScreen.tsx';

export default function AgreementPrivacyPage() {
  return <EmptyScreen page="agreementPrivacy" />;
}
