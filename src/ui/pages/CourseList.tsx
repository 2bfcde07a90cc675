import { HTMLSelect, InputGroup } from '@blueprintjs/core';
import { SearchIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { coursePage, dictItems, type CourseFilter } from '../app/course-queries.ts';
import { useRuntime } from '../app/context.ts';
import { useSessionUser } from '../app/hooks.ts';
import { usePageParam } from '../app/use-page-param.ts';
import { useQuery } from '../app/use-query.ts';
import { EmptyState } from '../components/EmptyState.tsx';
import { useAddressFilter } from '../components/address-filter.ts';
import { Pager } from '../components/Pager.tsx';
import { QueryStatus } from '../components/QueryStatus.tsx';
import { CourseCard } from '../components/course/CourseCard.tsx';
import '../components/course/course.css';

/**
 * /course/list (issue 9 item 2): the courses the visitor or learner may follow — search by
 * title, filter by tag and level (the courseTag and courseLevel dictionaries). The filter and
 * the page live in the address, so a shared link opens the same list.
 */
export default function CourseListPage() {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const loggedIn = useSessionUser() !== null;
  const { value, setFilter, draft, setDraft, search } = useAddressFilter();
  const [page, setPage] = usePageParam();
  const keyword = value('q');
  const tag = value('tag');
  const level = value('level');
  const filter: CourseFilter = {
    ...(keyword ? { keyword } : {}),
    ...(tag ? { tag } : {}),
    ...(level ? { level } : {}),
  };
  const courses = useQuery(coursePage(runtime, filter, page));
  const tags = useQuery(dictItems(runtime, 'courseTag'));
  const levels = useQuery(dictItems(runtime, 'courseLevel'));

  return (
    <section className="xa-screen" aria-labelledby="screen-courseList">
      <h1 id="screen-courseList" className="xa-screen-title">
        {t('pages.courseList.title')}
      </h1>
      <form className="xa-course-filters" role="search" onSubmit={search}>
        <InputGroup
          type="search"
          leftIcon={<SearchIcon />}
          placeholder={t('course.searchPlaceholder')}
          aria-label={t('course.search')}
          value={draft}
          onValueChange={setDraft}
        />
        <HTMLSelect
          aria-label={t('course.tag')}
          value={tag}
          onChange={(e) => setFilter('tag', e.currentTarget.value)}
          options={[
            { value: '', label: t('course.allTags') },
            ...(tags.data ?? []).map((i) => ({ value: i.value, label: i.label })),
          ]}
        />
        <HTMLSelect
          aria-label={t('course.level')}
          value={level}
          onChange={(e) => setFilter('level', e.currentTarget.value)}
          options={[
            { value: '', label: t('course.allLevels') },
            ...(levels.data ?? []).map((i) => ({ value: i.value, label: i.label })),
          ]}
        />
      </form>
      <QueryStatus state={courses} failedTitle={t('course.listFailed')}>
        {(data) =>
          data.content.length === 0 ? (
            <EmptyState
              title={Object.keys(filter).length > 0 ? t('course.noMatch') : t('course.empty')}
              description={
                Object.keys(filter).length > 0 ? t('course.noMatchHint') : t('course.emptyHint')
              }
            />
          ) : (
            <>
              <div className="xa-course-cards" data-testid="course-list">
                {data.content.map((c) => (
                  <CourseCard key={c.id} course={c} loggedIn={loggedIn} />
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
