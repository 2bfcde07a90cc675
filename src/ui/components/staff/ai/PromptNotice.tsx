import { Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/**
 * Says honestly who reads these prompts: a configured model does, the built-in judge tutor does
 * not (it answers by rules), so staff do not tune text that nothing reads.
 */
export function PromptNotice() {
  const { t } = useTranslation();
  return (
    <Callout intent="primary" className="xa-ai-prompt-notice">
      {t('staffAi.notice')}
    </Callout>
  );
}
