import { SiteTextPage } from '../components/site/SiteTextPage.tsx';

export default function AboutPage() {
  return <SiteTextPage page="about" />;
}
