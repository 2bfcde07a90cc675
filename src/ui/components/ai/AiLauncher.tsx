/**
 * Opens the assistant beside what the learner is reading (a question, a report's question),
 * with that as its context. The conversation's actor is made on first open and kept, so
 * closing the drawer loses nothing. Where the assistant is known to be off before asking (a
 * class control), the button is disabled and says why; elsewhere the server's refusal shows in
 * the panel.
 */
import { Button, DrawerSize } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AiChatInput, AiContextRef } from '../../../machines/ai-chat/machine.ts';
import { aiChatActorFor, type AiChatActor } from '../../app/ai-actors.ts';
import { useRuntime } from '../../app/context.ts';
import { LabelledDrawer } from '../LabelledDrawer.tsx';
import { AiChatPanel } from './AiChatPanel.tsx';

const sameContext = (a: AiContextRef, b: AiContextRef) =>
  a.questionId === b.questionId &&
  a.answerId === b.answerId &&
  a.examId === b.examId &&
  a.homeworkId === b.homeworkId;

/** The chat actor of `input`, told of a newer context (a newer answer) while it lives. */
export function useAiChatActor(input: AiChatInput, open: boolean): AiChatActor | null {
  const runtime = useRuntime();
  const [actor, setActor] = useState<AiChatActor | null>(null);
  useEffect(() => {
    if (open && !actor) setActor(aiChatActorFor(runtime, input));
  }, [open, actor, runtime, input]);
  // Each opening: a panel a refusal disabled (an exam then in progress) asks again.
  useEffect(() => {
    if (open && actor) actor.send({ type: 'OPENED' });
  }, [open, actor]);
  const context = input.context ?? {};
  useEffect(() => {
    if (!actor) return;
    if (!sameContext(actor.getSnapshot().context.context, context)) {
      actor.send({ type: 'CONTEXT', context });
    }
  });
  return actor;
}

export function AiLauncher({
  input,
  disabledReason = null,
  testId = 'ai-launcher',
}: {
  input: AiChatInput;
  /** Known before asking: the button is disabled and shows this. */
  disabledReason?: string | null;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const actor = useAiChatActor(input, open);
  return (
    <>
      <span className="xa-ai-launcher">
        <Button
          icon="chat"
          size="small"
          disabled={disabledReason !== null}
          onClick={() => setOpen(true)}
          data-testid={testId}
        >
          {t('ai.open')}
        </Button>
        {disabledReason !== null && (
          <span className="xa-muted" data-testid={`${testId}-disabled`}>
            {disabledReason}
          </span>
        )}
      </span>
      <LabelledDrawer
        isOpen={open}
        onClose={() => setOpen(false)}
        size={DrawerSize.STANDARD}
        title={t('ai.title')}
      >
        <div className="xa-drawer-body">{actor && <AiChatPanel actor={actor} />}</div>
      </LabelledDrawer>
    </>
  );
}
