import { EmptyScreen } from '../components/EmptyScreen.tsx';

export default function HomeworkRoomPage() {
  return <EmptyScreen page="homeworkRoom" />;
}
