import { EmptyScreen } from '../components/EmptyScreen.tsx';

export default function UserChatHistoryPage() {
  return <EmptyScreen page="userChatHistory" />;
}
