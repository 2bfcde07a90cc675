import { TextArea } from '@blueprintjs/core';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { StatementMarkdown } from '../practice/StatementMarkdown.tsx';

/**
 * Markdown source beside its preview, rendered (and sanitised) as the public page renders it.
 * The preview follows a deferred copy, so typing in a long agreement stays responsive.
 */
export function MarkdownEditor({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const shown = useDeferredValue(value);
  return (
    <div className="xa-markdown-editor">
      <TextArea id={id} fill value={value} onChange={(e) => onChange(e.target.value)} />
      <div
        className="xa-markdown-preview xa-prose"
        aria-label={t('site.settings.preview')}
        role="region"
      >
        {shown.trim() ? (
          <StatementMarkdown markdown={shown} headingOffset={1} testId="markdown-preview" />
        ) : (
          <p className="xa-muted">{t('site.settings.previewEmpty')}</p>
        )}
      </div>
    </div>
  );
}
