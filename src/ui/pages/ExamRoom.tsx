import { EmptyScreen } from '../components/EmptyScreen.tsx';

export default function ExamRoomPage() {
  return <EmptyScreen page="examRoom" />;
}
