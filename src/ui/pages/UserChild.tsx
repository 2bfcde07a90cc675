import { Callout, Tab, Tabs } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useRuntime } from '../app/context.ts';
import { myBindings } from '../app/family-queries.ts';
import { useIdParam } from '../app/use-page-param.ts';
import { useQuery } from '../app/use-query.ts';
import { MySittings } from '../components/exam/MyExamLists.tsx';
import { ChildClasses } from '../components/family/ChildClasses.tsx';
import { ChildFeed } from '../components/family/ChildFeed.tsx';
import { ChildOrders } from '../components/family/ChildOrders.tsx';
import { MyHomeworkList } from '../components/homework/MyHomeworkList.tsx';
import { PageSpinner } from '../components/PageSpinner.tsx';

const TABS = ['feed', 'classes', 'homework', 'results', 'orders'] as const;
type ChildTab = (typeof TABS)[number];

/**
 * /user/child?id=<child's member id>&tab=… (issue 25 item 11): one bound child's learning as
 * their parent sees it — 动态, classes, homework with reports, exam results with reports, and
 * orders to pay or a card to renew. The lists are the learner's own components on the parent's
 * calls; the server answers only while the binding is confirmed.
 */
export default function UserChildPage() {
  const { t } = useTranslation();
  const childId = useIdParam();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: ChildTab = TABS.find((name) => name === asked) ?? 'feed';
  const bindings = useQuery(myBindings(useRuntime()));
  const binding = bindings.data?.find(
    (b) => b.childMemberId === childId && b.state === 'confirmed',
  );
  const back = (
    <p>
      <Link to="/user/children">{t('family.back')}</Link>
    </p>
  );
  if (!binding) {
    return (
      <section className="xa-screen" aria-labelledby="screen-userChild">
        <h1 id="screen-userChild" className="xa-screen-title">
          {t('family.title')}
        </h1>
        {bindings.data === undefined && bindings.error === undefined ? (
          <PageSpinner />
        ) : (
          <Callout intent="warning" role="alert" data-testid="child-missing">
            {bindings.error instanceof Error ? bindings.error.message : t('family.noChild')}
          </Callout>
        )}
        {back}
      </section>
    );
  }
  const panel = (name: ChildTab) => {
    switch (name) {
      case 'feed':
        return <ChildFeed child={childId} />;
      case 'classes':
        return <ChildClasses child={childId} />;
      case 'homework':
        return <MyHomeworkList child={childId} />;
      case 'results':
        return <MySittings child={childId} />;
      case 'orders':
        return <ChildOrders child={childId} childName={binding.childName} />;
    }
  };
  return (
    <section className="xa-screen" aria-labelledby="screen-userChild">
      <h1 id="screen-userChild" className="xa-screen-title">
        {t('family.childTitle', { name: binding.childName })}
      </h1>
      <p className="xa-muted">
        {binding.childOrganizationName} · {binding.relation}
      </p>
      <Tabs
        id="child-tabs"
        selectedTabId={tab}
        // A tab is an address (?tab=), so a reload or the report's back link returns to it; each
        // list starts on its first page.
        onChange={(next) => setParams({ id: String(childId), tab: String(next) })}
        renderActiveTabPanelOnly
      >
        {TABS.map((name) => (
          <Tab key={name} id={name} title={t(`family.tabs.${name}`)} panel={panel(name)} />
        ))}
      </Tabs>
      {back}
    </section>
  );
}
