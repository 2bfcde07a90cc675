import { Button, Callout, FormGroup, Tag, TextArea } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { FeedbackItem } from '../../contract/feedback/calls.ts';
import { feedback as feedbackApi } from '../../contract/feedback/refs.ts';
import { ApiError } from '../../transport/errors.ts';
import { PagedTable } from '../components/PagedTable.tsx';
import { FEEDBACK_STATUS_INTENT } from '../components/feedback/status.ts';
import { FileUploadButton, type UploadedFile } from '../components/files/FileUploadButton.tsx';
import { useRuntime } from '../app/context.ts';
import { MY_FEEDBACK_PREFIX, myFeedback } from '../app/feedback-queries.ts';
import { usePageParam } from '../app/use-page-param.ts';
import { useQuery } from '../app/use-query.ts';
import { APP_VERSION } from '../app/version.ts';
import { formatDateTime } from '../format.ts';

const MAX_CONTENT = 1000;

/**
 * /user/feedback (issue 27 item 5): tell the platform what is wrong or wanted — the page it was
 * sent from (`?from=`, set by the account menu's 意见反馈) and the app's version go with it, a
 * screenshot if you like — and follow what became of it.
 */
export default function UserFeedbackPage() {
  const { t, i18n } = useTranslation();
  const runtime = useRuntime();
  const [params] = useSearchParams();
  const from = params.get('from') ?? '/';
  const [content, setContent] = useState('');
  const [shot, setShot] = useState<UploadedFile | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [page, setPage] = usePageParam();
  const mine = useQuery(myFeedback(runtime, page));

  const send = async () => {
    setSent(false);
    if (content.trim() === '') return setErrors({ content: t('feedback.contentRequired') });
    setSending(true);
    try {
      await runtime.transport.call(feedbackApi['feedback.submit'], {
        body: {
          content: content.trim(),
          page: from.startsWith('/') ? from.slice(0, 200) : '/',
          appVersion: APP_VERSION,
          ...(shot ? { screenshot: shot.fileName } : {}),
        },
        skipErrorHandler: true,
      });
      setContent('');
      setShot(null);
      setErrors({});
      setSent(true);
      runtime.queries.cache.invalidate((key) => key.startsWith(MY_FEEDBACK_PREFIX));
    } catch (error) {
      const fields = error instanceof ApiError ? error.fieldErrors : {};
      setErrors(
        Object.keys(fields).length > 0
          ? Object.fromEntries(
              Object.entries(fields).map(([k, v]) => [k.replace(/^body\./, ''), v]),
            )
          : { form: error instanceof Error ? error.message : String(error) },
      );
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="xa-section" aria-labelledby="feedback">
      <h2 id="feedback">{t('feedback.title')}</h2>
      <p className="xa-muted">{t('feedback.hint', { page: from })}</p>
      {sent && <Callout intent="success">{t('feedback.sent')}</Callout>}
      {errors.form && <Callout intent="danger">{errors.form}</Callout>}
      <FormGroup
        label={t('feedback.content')}
        labelFor="feedback-content"
        intent={errors.content ? 'danger' : 'none'}
        helperText={errors.content ?? t('feedback.length', { n: content.length, max: MAX_CONTENT })}
      >
        <TextArea
          id="feedback-content"
          fill
          rows={5}
          maxLength={MAX_CONTENT}
          value={content}
          onChange={(e) => setContent(e.target.value)}
        />
      </FormGroup>
      <FormGroup
        label={t('feedback.screenshot')}
        intent={errors.screenshot ? 'danger' : 'none'}
        helperText={errors.screenshot ?? (shot ? shot.originalName : t('feedback.screenshotHint'))}
      >
        <FileUploadButton purpose="feedbackImage" onUploaded={setShot} />
      </FormGroup>
      <Button
        intent="primary"
        text={t('feedback.send')}
        loading={sending}
        onClick={() => void send()}
        data-testid="feedback-send"
      />
      <h3>{t('feedback.mine')}</h3>
      <PagedTable
        state={mine}
        failedTitle={t('feedback.failed')}
        empty={{ title: t('feedback.none'), description: '' }}
        headers={[t('feedback.content'), t('feedback.status'), t('feedback.at')]}
        testId="my-feedback"
        page={page}
        onPage={setPage}
        row={(f: FeedbackItem) => (
          <tr key={f.id} data-testid={`my-feedback-${f.id}`}>
            <td>
              {f.content}
              {f.reply && <div className="xa-muted">{t('feedback.reply', { reply: f.reply })}</div>}
            </td>
            <td>
              <Tag minimal intent={FEEDBACK_STATUS_INTENT[f.status]}>
                {t(`feedback.statuses.${f.status}`)}
              </Tag>
            </td>
            <td className="xa-muted xa-nowrap">{formatDateTime(f.createdAt, i18n.language)}</td>
          </tr>
        )}
      />
    </section>
  );
}
