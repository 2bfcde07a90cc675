import { HTMLSelect, InputGroup } from '@blueprintjs/core';
import { SearchIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../app/context.ts';
import { dictItems } from '../app/course-queries.ts';
import { publishedPage, type DocumentFilter } from '../app/document-queries.ts';
import { usePageParam } from '../app/use-page-param.ts';
import { useQuery } from '../app/use-query.ts';
import { EmptyState } from '../components/EmptyState.tsx';
import { useAddressFilter } from '../components/address-filter.ts';
import { Pager } from '../components/Pager.tsx';
import { QueryStatus } from '../components/QueryStatus.tsx';
import { DocumentCard } from '../components/documents/DocumentCard.tsx';
import { DOCUMENT_TAG_DICT } from '../../contract/member-document/tags.ts';
import '../components/course/course.css';
import '../components/documents/documents.css';

/**
 * /content-center (issue 9): the published articles the visitor or member may read — the
 * platform's, and with a login their school's — searched by keyword and filtered by tag. The
 * filter and the page live in the address, so a shared link opens the same list.
 */
export default function ContentCenterPage() {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const { value, setFilter, draft, setDraft, search } = useAddressFilter();
  const [page, setPage] = usePageParam();
  const keyword = value('q');
  const tag = value('tag');
  const filter: DocumentFilter = {
    kind: 'article',
    ...(keyword ? { keyword } : {}),
    ...(tag ? { tag } : {}),
  };
  const articles = useQuery(publishedPage(runtime, filter, page));
  const tags = useQuery(dictItems(runtime, DOCUMENT_TAG_DICT));

  const filtered = keyword !== '' || tag !== '';

  return (
    <section className="xa-screen" aria-labelledby="screen-contentCenter">
      <h1 id="screen-contentCenter" className="xa-screen-title">
        {t('pages.contentCenter.title')}
      </h1>
      <form className="xa-course-filters" role="search" onSubmit={search}>
        <InputGroup
          type="search"
          leftIcon={<SearchIcon />}
          placeholder={t('documents.searchPlaceholder')}
          aria-label={t('documents.search')}
          value={draft}
          onValueChange={setDraft}
        />
        <HTMLSelect
          aria-label={t('documents.tag')}
          value={tag}
          onChange={(e) => setFilter('tag', e.currentTarget.value)}
          options={[
            { value: '', label: t('documents.allTags') },
            ...(tags.data ?? []).map((i) => ({ value: i.value, label: i.label })),
          ]}
        />
      </form>
      <QueryStatus state={articles} failedTitle={t('documents.listFailed')}>
        {(data) =>
          data.content.length === 0 ? (
            <EmptyState
              title={filtered ? t('documents.noMatch') : t('documents.empty')}
              description={filtered ? t('documents.noMatchHint') : t('documents.emptyHint')}
            />
          ) : (
            <>
              <div className="xa-document-cards" data-testid="content-list">
                {data.content.map((d) => (
                  <DocumentCard key={d.id} document={d} to={`/content-center/${d.id}`} />
                ))}
              </div>
              <Pager
                page={data.number}
                totalPages={data.totalPages}
                totalElements={data.totalElements}
                onChange={setPage}
              />
            </>
          )
        }
      </QueryStatus>
    </section>
  );
}
