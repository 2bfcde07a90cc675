import { EmptyScreen } from '../components/EmptyScreen.tsx';

export default function HelpAiAssistantPage() {
  return <EmptyScreen page="helpAiAssistant" />;
}
