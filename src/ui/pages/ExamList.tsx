import { Card, Elevation, Tab, Tabs } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { examPage } from '../app/exam-queries.ts';
import { useRuntime } from '../app/context.ts';
import { usePageParam } from '../app/use-page-param.ts';
import { useQuery } from '../app/use-query.ts';
import { CardPage } from '../components/CardPage.tsx';
import { ExamFacts } from '../components/exam/ExamFacts.tsx';
import '../components/exam/exam.css';

const PHASES = ['enrolling', 'running', 'upcoming', 'ended'] as const;

/** /exam/list (issue 7 item 6): the exams open to the visitor or learner, by phase. */
export default function ExamListPage() {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const [params, setParams] = useSearchParams();
  const phase = PHASES.find((p) => p === params.get('phase'));
  const [page, setPage] = usePageParam();
  const exams = useQuery(examPage(runtime, page, phase));
  return (
    <section className="xa-screen" aria-labelledby="screen-examList">
      <h1 id="screen-examList" className="xa-screen-title">
        {t('pages.examList.title')}
      </h1>
      <Tabs
        id="exam-phase"
        selectedTabId={phase ?? 'all'}
        onChange={(id) => setParams(id === 'all' ? {} : { phase: String(id) })}
      >
        <Tab id="all" title={t('exam.list.all')} />
        {PHASES.map((p) => (
          <Tab key={p} id={p} title={t(`exam.phase.${p}`)} />
        ))}
      </Tabs>
      <CardPage
        state={exams}
        failedTitle={t('exam.list.failed')}
        empty={{ title: t('exam.list.empty'), description: t('exam.list.emptyDescription') }}
        className="xa-exam-cards xa-section"
        testId="exam-list"
        card={(exam) => (
          <Card key={exam.id} elevation={Elevation.ONE} className="xa-exam-card">
            <h3>
              <Link to={`/exam/detail?id=${exam.id}`}>{exam.name}</Link>
            </h3>
            <ExamFacts exam={exam} />
            <p>{exam.description}</p>
            <Link to={`/exam/detail?id=${exam.id}`}>{t('exam.list.detail')}</Link>
          </Card>
        )}
        page={page}
        onPage={setPage}
      />
    </section>
  );
}
