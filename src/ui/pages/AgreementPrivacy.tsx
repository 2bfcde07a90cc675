import { SiteTextPage } from '../components/site/SiteTextPage.tsx';

export default function AgreementPrivacyPage() {
  return <SiteTextPage page="privacyPolicy" />;
}
