import { EmptyScreen } from '../components/EmptyScreen.tsx';

export default function PlayPythonPage() {
  return <EmptyScreen page="playPython" />;
}
