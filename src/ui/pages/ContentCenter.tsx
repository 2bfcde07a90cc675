import { useTranslation } from 'react-i18next';
import { useRuntime } from '../app/context.ts';
import { dictItems } from '../app/course-queries.ts';
import { publishedPage, type DocumentFilter } from '../app/document-queries.ts';
import { usePageParam } from '../app/use-page-param.ts';
import { useQuery } from '../app/use-query.ts';
import { CardPage } from '../components/CardPage.tsx';
import { FilterForm } from '../components/FilterForm.tsx';
import { useAddressFilter } from '../components/address-filter.ts';
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
  const filter = useAddressFilter();
  const [page, setPage] = usePageParam();
  const keyword = filter.value('q');
  const tag = filter.value('tag');
  const query: DocumentFilter = {
    kind: 'article',
    ...(keyword ? { keyword } : {}),
    ...(tag ? { tag } : {}),
  };
  const articles = useQuery(publishedPage(runtime, query, page));
  const tags = useQuery(dictItems(runtime, DOCUMENT_TAG_DICT));

  const filtered = keyword !== '' || tag !== '';

  return (
    <section className="xa-screen" aria-labelledby="screen-contentCenter">
      <h1 id="screen-contentCenter" className="xa-screen-title">
        {t('pages.contentCenter.title')}
      </h1>
      <FilterForm
        filter={filter}
        search={{ label: t('documents.search'), placeholder: t('documents.searchPlaceholder') }}
        selects={[
          { name: 'tag', label: t('documents.tag'), all: t('documents.allTags'), items: tags.data },
        ]}
      />
      <CardPage
        state={articles}
        failedTitle={t('documents.listFailed')}
        empty={{
          title: filtered ? t('documents.noMatch') : t('documents.empty'),
          description: filtered ? t('documents.noMatchHint') : t('documents.emptyHint'),
        }}
        className="xa-document-cards"
        testId="content-list"
        card={(d) => <DocumentCard key={d.id} document={d} to={`/content-center/${d.id}`} />}
        onPage={setPage}
      />
    </section>
  );
}
