/**
 * /question/detail?id=N — practise one programming question: statement, code and result panels.
 */
import { Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useRuntime } from '../app/context.ts';
import { practiceActorFor } from '../app/practiceActors.ts';
import { PracticeScreen } from '../components/practice/PracticeScreen.tsx';

export default function QuestionDetailPage() {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  if (!Number.isInteger(id) || id <= 0) {
    return <Callout intent="warning">{t('practice.loadFailed', { message: 'id' })}</Callout>;
  }
  return <PracticeScreen actor={practiceActorFor(runtime, id)} withQuestion />;
}
