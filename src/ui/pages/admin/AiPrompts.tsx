import { Button, Tag } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AI_SCENES, type AiScene } from '../../../contract/ai/scenes.ts';
import { staffAiPrompts, type StaffPromptPage } from '../../app/ai-prompt-queries.ts';
import { useRuntime } from '../../app/context.ts';
import { usePageParam } from '../../app/use-page-param.ts';
import { useQuery } from '../../app/use-query.ts';
import { PagedTable } from '../../components/PagedTable.tsx';
import { CreateButton } from '../../components/staff/CreateButton.tsx';
import { EditButton } from '../../components/staff/RowButtons.tsx';
import { StaffDeleteButton } from '../../components/staff/StaffDeleteButton.tsx';
import { StaffEditOutcome } from '../../components/staff/StaffEditOutcome.tsx';
import {
  StaffForm,
  chosenOf,
  trimmedText,
  staffForm,
  type StaffFormRequest,
} from '../../components/staff/StaffForm.tsx';
import { bodyShapeOf, wholeOrNaN } from '../../components/staff/contract-rules.ts';
import { PromptNotice } from '../../components/staff/ai/PromptNotice.tsx';
import { SceneSelect } from '../../components/staff/ai/SceneSelect.tsx';
import { MarkdownEditor } from '../../components/site/MarkdownEditor.tsx';
import { formatDateTime } from '../../format.ts';
import { submitStaffWrite } from '../../../machines/staff-edit/events.ts';

type Prompt = StaffPromptPage['content'][number];

/**
 * AI 提示词 (issue 10): the system prompt of each scene of the assistant. Staff write it in
 * Markdown beside its preview, order and enable it; learners only see the name and description.
 */
export default function AdminAiPromptsPage() {
  const { t, i18n } = useTranslation();
  const runtime = useRuntime();
  const [page, setPage] = usePageParam();
  const [scene, setScene] = useState<AiScene | null>(null);
  const prompts = useQuery(staffAiPrompts(runtime, scene, page));
  const [form, setForm] = useState<StaffFormRequest | null>(null);
  const { staffEdit } = runtime.actors;
  const busy = useSelector(staffEdit, (s) => s.matches('working'));

  const promptForm = (prompt?: Prompt) =>
    staffForm({
      title: prompt
        ? `${t('staff.edit')} · ${prompt.name}`
        : `${t('staff.create')}${t('staffAi.prompt')}`,
      call: prompt ? 'bms.aiPrompt.update' : 'bms.aiPrompt.create',
      // The order's rule is the contract's (the prompt's sort).
      rules: {
        shape: () =>
          import('../../../contract/ai/calls.ts').then((m) =>
            bodyShapeOf(m.ai[prompt ? 'bms.aiPrompt.update' : 'bms.aiPrompt.create']),
          ),
        fields: { sort: {} },
      },
      fields: [
        {
          name: 'scene',
          label: t('staffAi.scene'),
          kind: 'select',
          options: AI_SCENES.map((s) => ({ value: s, label: t(`staffAi.scenes.${s}`) })),
        },
        { name: 'name', label: t('staffAi.name'), kind: 'text' },
        { name: 'description', label: t('staffAi.description'), kind: 'textarea' },
        {
          name: 'system',
          label: t('staffAi.system'),
          kind: 'custom',
          render: (value, set, id) => (
            <>
              <p className="xa-muted">{t('staffAi.systemHint')}</p>
              <MarkdownEditor id={id} value={value} onChange={set} />
            </>
          ),
        },
        { name: 'sort', label: t('staffAi.sort'), kind: 'number' },
        { name: 'enabled', label: t('staffAi.enabled'), kind: 'checkbox' },
      ],
      values: {
        scene: prompt?.scene ?? scene ?? 'question',
        name: prompt?.name ?? '',
        description: prompt?.description ?? '',
        system: prompt?.system ?? '',
        sort: String(prompt?.sort ?? 0),
        enabled: prompt?.enabled ?? true,
      },
      toBody: (v) => ({
        body: {
          ...(prompt ? { id: prompt.id } : {}),
          scene: chosenOf(v.scene, AI_SCENES),
          name: trimmedText(v.name),
          description: trimmedText(v.description),
          system: trimmedText(v.system),
          sort: wholeOrNaN(String(v.sort)),
          enabled: v.enabled === true,
        },
      }),
    });

  const setEnabled = (prompt: Prompt, enabled: boolean) =>
    submitStaffWrite(staffEdit, 'bms.aiPrompt.update', { id: prompt.id, enabled });

  return (
    <section className="xa-screen" aria-labelledby="screen-admin-ai-prompts">
      <h1 id="screen-admin-ai-prompts" className="xa-screen-title">
        {t('staffAi.title')}{' '}
        <CreateButton
          call="bms.aiPrompt.create"
          onClick={() => setForm(promptForm())}
          testId="ai-prompt-create"
        />
      </h1>
      <PromptNotice />
      <div className="xa-toolbar">
        <SceneSelect
          value={scene}
          onChange={(next) => {
            setScene(next);
            setPage(0);
          }}
        />
      </div>
      <StaffEditOutcome besideForm />
      <PagedTable
        state={prompts}
        failedTitle={t('staffAi.failed')}
        empty={t('staffAi.empty')}
        headers={[
          t('staffAi.scene'),
          t('staffAi.name'),
          t('staffAi.description'),
          t('staffAi.sort'),
          t('staffAi.updatedAt'),
          t('staffAi.actions'),
        ]}
        testId="ai-prompt-list"
        page={page}
        onPage={setPage}
        row={(prompt) => (
          <tr key={prompt.id}>
            <td>{t(`staffAi.scenes.${prompt.scene}`)}</td>
            <td>
              {prompt.name} {!prompt.enabled && <Tag minimal>{t('staffAi.disabled')}</Tag>}
            </td>
            <td>{prompt.description}</td>
            <td>{prompt.sort}</td>
            <td>{formatDateTime(prompt.updatedAt, i18n.language)}</td>
            <td>
              <EditButton call="bms.aiPrompt.update" onClick={() => setForm(promptForm(prompt))} />
              <Button
                size="small"
                variant="outlined"
                disabled={busy}
                text={prompt.enabled ? t('staffAi.disable') : t('staffAi.enable')}
                onClick={() => setEnabled(prompt, !prompt.enabled)}
              />
              <StaffDeleteButton
                call="bms.aiPrompt.delete"
                id={prompt.id}
                name={prompt.name}
                confirm={t('staffAi.confirmDelete', { name: prompt.name })}
              />
            </td>
          </tr>
        )}
      />
      <StaffForm request={form} onClose={() => setForm(null)} />
    </section>
  );
}
