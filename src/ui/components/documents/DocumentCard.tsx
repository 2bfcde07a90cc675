import { Card, Elevation, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { PublishedPage } from '../../app/document-queries.ts';
import { formatDate } from '../../format.ts';

type DocumentListItem = PublishedPage['content'][number];

/** A document's marks: paid (a write-up sold with its question), then its tags. */
export function DocumentTags({
  document,
}: {
  document: { paid: boolean; tags: readonly string[] };
}) {
  const { t } = useTranslation();
  return (
    <>
      {document.paid && (
        <Tag minimal intent="warning">
          {t('documents.paid')}
        </Tag>
      )}
      {document.tags.map((tag) => (
        <Tag key={tag} minimal intent="primary">
          {tag}
        </Tag>
      ))}
    </>
  );
}

/** One document in a list: title, summary, tags, date; a paid write-up is marked. */
export function DocumentCard({ document, to }: { document: DocumentListItem; to: string }) {
  const { i18n } = useTranslation();
  const date = document.publishedAt ?? document.updatedAt;
  return (
    <Card elevation={Elevation.ONE} className="xa-document-card" data-testid="document-card">
      <h3>
        <Link to={to}>{document.title}</Link>
      </h3>
      {document.summary && <p className="xa-document-summary">{document.summary}</p>}
      <div className="xa-document-meta">
        <DocumentTags document={document} />
        <time className="xa-muted" dateTime={date}>
          {formatDate(date, i18n.language)}
        </time>
      </div>
    </Card>
  );
}
