import { AnchorButton, Button, HTMLSelect, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FEEDBACK_STATUSES } from '../../../../contract/feedback/calls.ts';
import type { FeedbackItem } from '../../../../contract/feedback/calls.ts';
import { submitStaffWrite } from '../../../../machines/staff-edit/events.ts';
import { useRuntime } from '../../../app/context.ts';
import { allFeedback } from '../../../app/feedback-queries.ts';
import { usePageParam } from '../../../app/use-page-param.ts';
import { useQuery } from '../../../app/use-query.ts';
import { formatDateTime } from '../../../format.ts';
import { PagedTable } from '../../PagedTable.tsx';
import { FEEDBACK_STATUS_INTENT } from '../../feedback/status.ts';
import { KeywordFilter } from '../KeywordFilter.tsx';
import { Permitted } from '../Permitted.tsx';
import { StaffEditOutcome } from '../StaffEditOutcome.tsx';
import {
  StaffForm,
  staffForm,
  trimmedText,
  type FormValues,
  type StaffFormRequest,
} from '../StaffForm.tsx';

/**
 * 意见反馈 (issue 27 item 5; /admin/feedback): what members sent, newest first, by status and
 * keyword; start on one (处理中), or answer and close it (回复并解决) — the reply reaches the
 * sender as a message.
 */
export function StaffFeedback() {
  const { t, i18n } = useTranslation();
  const runtime = useRuntime();
  const { staffEdit } = runtime.actors;
  const [status, setStatus] = useState<'' | FeedbackItem['status']>('pending');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = usePageParam();
  const list = useQuery(
    allFeedback(runtime, { ...(status ? { status } : {}), ...(keyword ? { keyword } : {}) }, page),
  );
  const [form, setForm] = useState<StaffFormRequest | null>(null);

  const replyForm = (entry: FeedbackItem) =>
    staffForm({
      title: t('staffFeedback.replyTo', { name: entry.nickname }),
      call: 'feedback.updateStatus',
      fields: [{ name: 'reply', label: t('staffFeedback.reply'), kind: 'textarea' }],
      values: { reply: entry.reply ?? '' },
      toBody: (v: FormValues) => ({
        body: { id: entry.id, status: 'resolved' as const, reply: trimmedText(v.reply) },
      }),
    });

  return (
    <section className="xa-section" aria-labelledby="staff-feedback">
      <h2 id="staff-feedback">
        {t('staffFeedback.title')}{' '}
        <HTMLSelect
          aria-label={t('staffFeedback.status')}
          value={status}
          onChange={(e) => {
            setStatus(e.currentTarget.value as typeof status);
            setPage(0);
          }}
          options={[
            { value: '', label: t('staffFeedback.allStatuses') },
            ...FEEDBACK_STATUSES.map((s) => ({ value: s, label: t(`feedback.statuses.${s}`) })),
          ]}
        />
      </h2>
      <KeywordFilter
        label={t('staffFeedback.search')}
        onApply={(k) => {
          setKeyword(k);
          setPage(0);
        }}
      />
      <StaffEditOutcome />
      <PagedTable
        state={list}
        failedTitle={t('feedback.failed')}
        empty={{ title: t('staffFeedback.empty'), description: '' }}
        headers={[
          t('staffFeedback.member'),
          t('feedback.content'),
          t('feedback.status'),
          t('feedback.at'),
          t('orders.actions'),
        ]}
        testId="staff-feedback"
        page={page}
        onPage={setPage}
        row={(entry) => (
          <tr key={entry.id} data-testid={`feedback-${entry.id}`}>
            <td>
              {entry.nickname}
              <div className="xa-muted">
                {entry.username} · {entry.organizationName}
              </div>
            </td>
            <td>
              {entry.content}
              <div className="xa-muted">
                {t('staffFeedback.from', { page: entry.page, version: entry.appVersion })}
              </div>
              {entry.screenshotUrl && (
                <AnchorButton
                  size="small"
                  variant="minimal"
                  href={entry.screenshotUrl}
                  target="_blank"
                  rel="noreferrer"
                  text={t('staffFeedback.screenshot')}
                />
              )}
              {entry.reply && (
                <div className="xa-muted">
                  {t('staffFeedback.replied', { name: entry.repliedBy, reply: entry.reply })}
                </div>
              )}
            </td>
            <td>
              <Tag minimal intent={FEEDBACK_STATUS_INTENT[entry.status]}>
                {t(`feedback.statuses.${entry.status}`)}
              </Tag>
            </td>
            <td className="xa-muted xa-nowrap">{formatDateTime(entry.createdAt, i18n.language)}</td>
            <td>
              {entry.status !== 'resolved' && (
                <Permitted call="feedback.updateStatus">
                  {entry.status === 'pending' && (
                    <Button
                      size="small"
                      variant="outlined"
                      text={t('staffFeedback.start')}
                      onClick={() =>
                        submitStaffWrite(staffEdit, 'feedback.updateStatus', {
                          id: entry.id,
                          status: 'processing',
                        })
                      }
                    />
                  )}
                  <Button
                    size="small"
                    variant="outlined"
                    intent="primary"
                    text={t('staffFeedback.resolve')}
                    onClick={() => setForm(replyForm(entry))}
                  />
                </Permitted>
              )}
            </td>
          </tr>
        )}
      />
      <StaffForm request={form} onClose={() => setForm(null)} />
    </section>
  );
}
