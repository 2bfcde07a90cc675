import { useTranslation } from 'react-i18next';
import { coursePage, dictItems, type CourseFilter } from '../app/course-queries.ts';
import { useRuntime } from '../app/context.ts';
import { useSessionUser } from '../app/hooks.ts';
import { usePageParam } from '../app/use-page-param.ts';
import { useQuery } from '../app/use-query.ts';
import { CardPage } from '../components/CardPage.tsx';
import { FilterForm } from '../components/FilterForm.tsx';
import { useAddressFilter } from '../components/address-filter.ts';
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
  const filter = useAddressFilter();
  const [page, setPage] = usePageParam();
  const keyword = filter.value('q');
  const tag = filter.value('tag');
  const level = filter.value('level');
  const query: CourseFilter = {
    ...(keyword ? { keyword } : {}),
    ...(tag ? { tag } : {}),
    ...(level ? { level } : {}),
  };
  const filtered = Object.keys(query).length > 0;
  const courses = useQuery(coursePage(runtime, query, page));
  const tags = useQuery(dictItems(runtime, 'courseTag'));
  const levels = useQuery(dictItems(runtime, 'courseLevel'));

  return (
    <section className="xa-screen" aria-labelledby="screen-courseList">
      <h1 id="screen-courseList" className="xa-screen-title">
        {t('pages.courseList.title')}
      </h1>
      <FilterForm
        filter={filter}
        search={{ label: t('course.search'), placeholder: t('course.searchPlaceholder') }}
        selects={[
          { name: 'tag', label: t('course.tag'), all: t('course.allTags'), items: tags.data },
          {
            name: 'level',
            label: t('course.level'),
            all: t('course.allLevels'),
            items: levels.data,
          },
        ]}
      />
      <CardPage
        state={courses}
        failedTitle={t('course.listFailed')}
        empty={{
          title: filtered ? t('course.noMatch') : t('course.empty'),
          description: filtered ? t('course.noMatchHint') : t('course.emptyHint'),
        }}
        className="xa-course-cards"
        testId="course-list"
        card={(c) => <CourseCard key={c.id} course={c} loggedIn={loggedIn} />}
        onPage={setPage}
      />
    </section>
  );
}
