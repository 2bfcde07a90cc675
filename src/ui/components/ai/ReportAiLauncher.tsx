/**
 * The assistant on a homework report's question: about the question and the learner's latest
 * answer to it. The class's `useAiAssistant` control is read first, so a class that turned the
 * assistant off shows why before the learner asks (the server refuses anyway).
 */
import { useTranslation } from 'react-i18next';
import { aiAllowedBy, myGradeControls } from '../../app/ai-queries.ts';
import { useRuntime } from '../../app/context.ts';
import { useQuery } from '../../app/use-query.ts';
import { AiLauncher } from './AiLauncher.tsx';

export function HomeworkAiLauncher({
  homework,
  questionId,
  answerId,
  testId,
}: {
  homework: { id: number; gradeId: number };
  questionId: number;
  answerId: number | null;
  testId?: string;
}) {
  const { t } = useTranslation();
  const controls = useQuery(myGradeControls(useRuntime(), homework.gradeId));
  const allowed = aiAllowedBy(controls.data);
  return (
    <AiLauncher
      input={{
        scene: 'homeworkReport',
        context: {
          homeworkId: homework.id,
          questionId,
          ...(answerId === null ? {} : { answerId }),
        },
      }}
      disabledReason={allowed === false ? t('ai.classOff') : null}
      {...(testId ? { testId } : {})}
    />
  );
}
