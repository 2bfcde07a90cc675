import { Callout, HTMLTable, Tag } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { ActivityItem } from '../../contract/activity/calls.ts';
import { learnerActions } from '../../machines/lifecycles/orders.ts';
import {
  activityDetail,
  activityRanking,
  mineActivityEnrollment,
  type MineActivityEnrollment,
} from '../app/activity-queries.ts';
import { useRuntime } from '../app/context.ts';
import { useSession } from '../app/hooks.ts';
import { useQuery } from '../app/use-query.ts';
import { QueryStatus } from '../components/QueryStatus.tsx';
import { EnrollmentCard } from '../components/EnrollmentCard.tsx';
import { ActivityFacts } from '../components/activity/ActivityFacts.tsx';
import { PrizeSection } from '../components/activity/PrizeSection.tsx';
import { RankingTable } from '../components/activity/Ranking.tsx';
import { formatDateTime } from '../format.ts';
import '../components/activity/activity.css';
import { InlineTitle } from '../components/practice/QuestionLabels.tsx';
import { StatementMarkdown } from '../components/practice/StatementMarkdown.tsx';

/**
 * /activity/detail?id= (issue 10 item 1): the activity, its window and fee; enroll and pay;
 * once enrolled and started, the questions to do; my score and rank; the ranking when shown;
 * the prizes and the draw (the prizes' own section).
 */
export default function ActivityDetailPage() {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const [params] = useSearchParams();
  const raw = Number(params.get('id'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : 0;
  const activity = useQuery(activityDetail(runtime, id));
  return (
    <section className="xa-screen" aria-labelledby="screen-activityDetail">
      <QueryStatus state={activity} failedTitle={t('activity.detail.failed')}>
        {(item) => (
          <>
            <h1 id="screen-activityDetail" className="xa-screen-title">
              {item.title}
            </h1>
            <ActivityFacts activity={item} />
            {item.summary && <p>{item.summary}</p>}
            <Enrollment activity={item} />
            {item.description && (
              <section className="xa-section" aria-labelledby="activity-description">
                <h2 id="activity-description">{t('activity.detail.description')}</h2>
                <StatementMarkdown
                  markdown={item.description}
                  headingOffset={1}
                  testId="activity-description"
                />
              </section>
            )}
            {item.kind === 'contest' && <Questions activity={item} />}
            {item.kind === 'contest' && item.showRanking && <Ranking activity={item} />}
            <PrizeSection activityId={item.id} />
          </>
        )}
      </QueryStatus>
    </section>
  );
}

function Enrollment({ activity }: { activity: ActivityItem }) {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const { actors } = runtime;
  const mine = useQuery(mineActivityEnrollment(runtime, activity.id));
  const enrolling = useSelector(actors.activityEnroll, (s) => s.matches('enrolling'));
  const enrollError = useSelector(actors.activityEnroll, (s) =>
    s.context.activityId === activity.id ? s.context.error : null,
  );
  const actionError = useSelector(actors.orderActions, (s) => s.context.error);
  const closed = activity.phase === 'ended' || activity.state !== 'published';
  return (
    <QueryStatus state={mine} failedTitle={t('activity.detail.failed')}>
      {(enrollment) => (
        <EnrollmentCard
          kind="activity"
          order={enrollment?.order ?? null}
          priceFen={activity.priceFen}
          enrolling={enrolling}
          enrollError={enrollError}
          enrollDisabled={closed || activity.seatsLeft === 0}
          onEnroll={() => actors.activityEnroll.send({ type: 'ENROLL', activityId: activity.id })}
          alert={
            actionError && (
              <Callout intent="danger" role="alert">
                {actionError.message}
              </Callout>
            )
          }
          actions={({ holds, paying }) => (
            <>
              {!holds && !paying && closed && (
                <span className="xa-muted">{t('activity.detail.closed')}</span>
              )}
              {!holds && !paying && !closed && activity.seatsLeft === 0 && (
                <span className="xa-muted">{t('activity.detail.full')}</span>
              )}
              {enrollment !== null &&
                activity.phase === 'upcoming' &&
                learnerActions(enrollment.order).includes('applyQuit') && (
                  <Link to="/order">{t('activity.detail.quitHint')}</Link>
                )}
            </>
          )}
        >
          {({ holds }) =>
            holds && enrollment && <MyStanding activity={activity} enrollment={enrollment} />
          }
        </EnrollmentCard>
      )}
    </QueryStatus>
  );
}

function MyStanding({
  activity,
  enrollment,
}: {
  activity: ActivityItem;
  enrollment: NonNullable<MineActivityEnrollment>;
}) {
  const { t, i18n } = useTranslation();
  const s = enrollment.standing;
  if (!s) return null;
  return (
    <div data-testid="activity-my-standing">
      {activity.kind === 'contest' ? (
        <p>
          {t('activity.detail.myScore', { score: s.score, total: activity.totalScore })}
          {activity.showRanking && ` · ${t('activity.detail.myRank', { rank: s.rank })}`}
        </p>
      ) : null}
      <Tag intent={s.completed ? 'success' : 'none'} minimal>
        {s.completed && s.finishedAt
          ? t('activity.detail.completedAt', { at: formatDateTime(s.finishedAt, i18n.language) })
          : t(`activity.detail.notCompleted.${activity.kind}`)}
      </Tag>
    </div>
  );
}

function Questions({ activity }: { activity: ActivityItem }) {
  const { t } = useTranslation();
  return (
    <section className="xa-section" aria-labelledby="activity-questions">
      <h2 id="activity-questions">{t('activity.detail.questions')}</h2>
      {!activity.questionsOpen ? (
        <p className="xa-muted">
          {activity.phase === 'upcoming'
            ? t('activity.detail.questionsLater')
            : t('activity.detail.questionsAfterEnroll')}
        </p>
      ) : (
        <>
          <p className="xa-muted">{t('activity.detail.rule')}</p>
          <HTMLTable className="xa-table" striped data-testid="activity-questions">
            <tbody>
              {activity.questions.map((q) => (
                <tr key={q.questionId}>
                  <td>{q.sort}</td>
                  <td>
                    <Link to={`/question/detail?id=${q.questionId}`}>
                      <InlineTitle text={q.title} />
                    </Link>
                  </td>
                  <td className="xa-muted">{t(`activity.questionType.${q.type}`)}</td>
                  <td>{t('activity.detail.points', { score: q.score })}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </>
      )}
    </section>
  );
}

function Ranking({ activity }: { activity: ActivityItem }) {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const { user } = useSession();
  const [page, setPage] = useState(0);
  const ranking = useQuery(activityRanking(runtime, activity.id, page));
  return (
    <section className="xa-section" aria-labelledby="activity-ranking">
      <h2 id="activity-ranking">{t('activity.detail.ranking')}</h2>
      <p className="xa-muted">{t('activity.detail.rankRule')}</p>
      <RankingTable state={ranking} page={page} onPage={setPage} highlightMemberId={user?.id} />
    </section>
  );
}
