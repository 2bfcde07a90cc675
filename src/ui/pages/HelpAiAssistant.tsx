import { SiteTextPage } from '../components/site/SiteTextPage.tsx';

export default function HelpAiAssistantPage() {
  return <SiteTextPage page="aiAssistantHelp" />;
}
