import { Callout, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { PracticeLanguage } from '../../../machines/practice/types.ts';
import { useRuntime } from '../../app/context.ts';
import { useSession } from '../../app/hooks.ts';
import { playgroundActorFor } from '../../app/practice-actors.ts';
import { PracticeScreen } from './PracticeScreen.tsx';

/** The playground (no question): code and custom input, run, draft kept per language. */
export function Playground({ language }: { language: PracticeLanguage }) {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const { ready, user } = useSession();
  if (!ready) return <Spinner size={24} aria-label={t('app.loading')} />;
  if (!user) return <Callout intent="primary">{t('practice.loginToPlay')}</Callout>;
  return (
    <div className="xa-practice-playground" data-testid={`playground-${language}`}>
      <PracticeScreen actor={playgroundActorFor(runtime, language)} withQuestion={false} />
    </div>
  );
}
