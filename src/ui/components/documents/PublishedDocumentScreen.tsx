import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useRuntime } from '../../app/context.ts';
import { publishedDocument } from '../../app/document-queries.ts';
import { useQuery } from '../../app/use-query.ts';
import { EmptyState } from '../EmptyState.tsx';
import { QueryStatus } from '../QueryStatus.tsx';
import { DocumentBody } from './DocumentBody.tsx';
import './documents.css';

/** A published document by the id in the address, with a way back to where it is listed. */
export function PublishedDocumentScreen({
  id,
  back,
}: {
  id: string;
  back: { to: string; label: string };
}) {
  const { t } = useTranslation();
  return (
    <section className="xa-screen">
      <Link to={back.to}>{back.label}</Link>
      {/^[1-9]\d{0,9}$/.test(id) ? (
        <LoadedDocument id={Number(id)} />
      ) : (
        <EmptyState title={t('documents.notFound')} description={t('documents.notFoundHint')} />
      )}
    </section>
  );
}

function LoadedDocument({ id }: { id: number }) {
  const { t } = useTranslation();
  const state = useQuery(publishedDocument(useRuntime(), id));
  return (
    <QueryStatus state={state} failedTitle={t('documents.loadFailed')}>
      {(document) => <DocumentBody document={document} />}
    </QueryStatus>
  );
}
