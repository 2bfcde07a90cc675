import { SiteTextPage } from '../components/site/SiteTextPage.tsx';

export default function AgreementServicePage() {
  return <SiteTextPage page="serviceAgreement" />;
}
