/** /play/python — the Python playground. */
import { Playground } from '../components/practice/Playground.tsx';

export default function PlayPythonPage() {
  return <Playground language="python" />;
}
