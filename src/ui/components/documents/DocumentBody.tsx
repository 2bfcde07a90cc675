import { AnchorButton, Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { DocumentItem } from '../../app/document-queries.ts';
import { formatDate } from '../../format.ts';
import { StatementMarkdown } from '../practice/StatementMarkdown.tsx';
import { InlineTitle } from '../practice/QuestionLabels.tsx';
import { DocumentTags } from './DocumentCard.tsx';

/**
 * A document as its reader may see it: title, tags and date; for a write-up the question it
 * explains; then the sanitised Markdown (images, code, math) — or, for a paid write-up the
 * reader may not open, why it is locked and where to get the card right; a file's download.
 */
export function DocumentBody({ document }: { document: DocumentItem }) {
  const { t, i18n } = useTranslation();
  const date = document.publishedAt ?? document.updatedAt;
  return (
    <article className="xa-document-article" data-testid="document-article">
      <h1 className="xa-screen-title">{document.title}</h1>
      <div className="xa-document-meta">
        <DocumentTags document={document} />
        <span className="xa-muted">{document.ownerName}</span>
        <time className="xa-muted" dateTime={date}>
          {formatDate(date, i18n.language)}
        </time>
      </div>
      {document.questionId !== null && (
        <p>
          {t('documents.question')}
          <Link to={`/question/detail?id=${document.questionId}`} data-testid="document-question">
            {document.questionTitle === null ? (
              `#${document.questionId}`
            ) : (
              <InlineTitle text={document.questionTitle} />
            )}
          </Link>
        </p>
      )}
      {document.summary && <p className="xa-document-summary">{document.summary}</p>}
      {document.locked ? (
        <Callout intent="warning" title={t('documents.lockedTitle')} data-testid="document-locked">
          <p>{t('documents.lockedBody')}</p>
          <Link to="/vipCardList">{t('documents.toCards')}</Link>
        </Callout>
      ) : (
        <>
          {document.fileUrl && (
            <AnchorButton
              icon="download"
              href={document.fileUrl}
              target="_blank"
              rel="noopener"
              text={t('documents.download', { name: document.originalName ?? document.fileName })}
            />
          )}
          {document.body && (
            <div className="xa-prose">
              <StatementMarkdown
                markdown={document.body}
                title={document.title}
                headingOffset={1}
                testId="document-body"
              />
            </div>
          )}
        </>
      )}
    </article>
  );
}
