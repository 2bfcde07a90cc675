import { Button, Card, Elevation, InputGroup, Tab, Tabs } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { ACTIVITY_PHASES, activityPage } from '../app/activity-queries.ts';
import { useRuntime } from '../app/context.ts';
import { useOpenLoginDialog, useSession } from '../app/hooks.ts';
import { usePageParam } from '../app/use-page-param.ts';
import { useQuery } from '../app/use-query.ts';
import { EmptyState } from '../components/EmptyState.tsx';
import { CardPage } from '../components/CardPage.tsx';
import { ActivityFacts } from '../components/activity/ActivityFacts.tsx';
import '../components/activity/activity.css';

/** /activity (issue 10 item 1): the activities open to the learner, by phase, with a search. */
export default function ActivityPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const openLogin = useOpenLoginDialog();
  return (
    <section className="xa-screen" aria-labelledby="screen-activity">
      <h1 id="screen-activity" className="xa-screen-title">
        {t('activity.list.title')}
      </h1>
      {user ? (
        <ActivityList />
      ) : (
        <>
          <EmptyState
            title={t('activity.list.loginTitle')}
            description={t('activity.list.loginHint')}
          />
          <Button intent="primary" text={t('activity.list.login')} onClick={() => openLogin()} />
        </>
      )}
    </section>
  );
}

function ActivityList() {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const [params, setParams] = useSearchParams();
  const phase = ACTIVITY_PHASES.find((p) => p === params.get('phase'));
  const mine = params.get('mine') === '1';
  const keyword = params.get('keyword') ?? '';
  const [typed, setTyped] = useState(keyword);
  const [page, setPage] = usePageParam();
  const activities = useQuery(activityPage(runtime, page, phase, keyword, mine));
  const go = (next: { phase?: string; mine?: boolean; keyword?: string }) => {
    const p: Record<string, string> = {};
    const ph = 'phase' in next ? next.phase : phase;
    const kw = 'keyword' in next ? next.keyword : keyword;
    const m = 'mine' in next ? next.mine : mine;
    if (ph) p.phase = ph;
    if (kw) p.keyword = kw;
    if (m) p.mine = '1';
    setParams(p);
  };
  const tab = mine ? 'mine' : (phase ?? 'all');
  return (
    <>
      <div className="xa-activity-actions">
        <Tabs
          id="activity-phase"
          selectedTabId={tab}
          onChange={(id) =>
            id === 'mine'
              ? go({ phase: undefined, mine: true })
              : go({ phase: id === 'all' ? undefined : String(id), mine: false })
          }
        >
          <Tab id="all" title={t('activity.list.all')} />
          {ACTIVITY_PHASES.map((p) => (
            <Tab key={p} id={p} title={t(`activity.phase.${p}`)} />
          ))}
          <Tab id="mine" title={t('activity.list.mine')} />
        </Tabs>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            go({ keyword: typed.trim() });
          }}
        >
          <InputGroup
            type="search"
            value={typed}
            onValueChange={setTyped}
            placeholder={t('activity.list.search')}
            aria-label={t('activity.list.search')}
            rightElement={
              <Button
                type="submit"
                variant="minimal"
                icon="search"
                aria-label={t('activity.list.search')}
              />
            }
          />
        </form>
      </div>
      <CardPage
        state={activities}
        failedTitle={t('activity.list.failed')}
        empty={{ title: t('activity.list.empty'), description: t('activity.list.emptyHint') }}
        className="xa-activity-cards xa-section"
        testId="activity-list"
        card={(a) => (
          <Card key={a.id} elevation={Elevation.ONE}>
            <h3>
              <Link to={`/activity/detail?id=${a.id}`}>{a.title}</Link>
            </h3>
            <ActivityFacts activity={a} />
            {a.summary && <p>{a.summary}</p>}
            <Link to={`/activity/detail?id=${a.id}`}>{t('activity.list.detail')}</Link>
          </Card>
        )}
        page={page}
        onPage={setPage}
      />
    </>
  );
}
