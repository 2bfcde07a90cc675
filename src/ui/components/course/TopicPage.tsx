import { Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import {
  readTopic,
  TOPIC_KEYS,
  type Topic,
  type TopicName,
} from '../../../contract/course/topics.ts';
import { useRuntime } from '../../app/context.ts';
import { coursePage } from '../../app/course-queries.ts';
import { useSessionUser } from '../../app/hooks.ts';
import { siteText } from '../../app/site-queries.ts';
import { useQuery } from '../../app/use-query.ts';
import { EmptyState } from '../EmptyState.tsx';
import { QueryStatus } from '../QueryStatus.tsx';
import { StatementMarkdown } from '../practice/StatementMarkdown.tsx';
import { CourseCard } from './CourseCard.tsx';
import { TopicArticles } from './TopicArticles.tsx';
import './course.css';

/**
 * A topic page (/topic/quwei, /topic/grammar, /topic/train; issue 9 item 2): its title and
 * introduction and the courses (and articles) it gathers by tag, all from the topic's setting
 * (contract/course/topics.ts), which platform staff edit under /admin/settings.
 */
export function TopicPage({ name }: { name: TopicName }) {
  const { t } = useTranslation();
  const setting = useQuery(siteText(useRuntime(), TOPIC_KEYS[name]));
  const heading = `screen-topic-${name}`;
  return (
    <section className="xa-screen" aria-labelledby={heading}>
      <QueryStatus state={setting} failedTitle={t('topic.failed')}>
        {(item) => {
          const read = item ? readTopic(item.value) : null;
          if (!read || 'problem' in read) {
            return (
              <>
                <h1 id={heading} className="xa-screen-title">
                  {t(`topic.fallbackTitle.${name}`)}
                </h1>
                {read ? (
                  <Callout intent="warning" title={t('topic.broken')}>
                    {read.problem}
                  </Callout>
                ) : (
                  <EmptyState title={t('topic.absent')} description={t('topic.absentHint')} />
                )}
              </>
            );
          }
          return <TopicBody topic={read.topic} heading={heading} />;
        }}
      </QueryStatus>
    </section>
  );
}

function TopicBody({ topic, heading }: { topic: Topic; heading: string }) {
  const { t } = useTranslation();
  const loggedIn = useSessionUser() !== null;
  const courses = useQuery(coursePage(useRuntime(), { tag: topic.courseTag }, 0, 50));
  return (
    <>
      <h1 id={heading} className="xa-screen-title">
        {topic.title}
      </h1>
      {topic.intro && <StatementMarkdown markdown={topic.intro} />}
      <section className="xa-section" aria-labelledby={`${heading}-courses`}>
        <h2 id={`${heading}-courses`}>{t('topic.courses')}</h2>
        <QueryStatus state={courses} failedTitle={t('course.listFailed')}>
          {(page) =>
            page.content.length === 0 ? (
              <EmptyState
                title={t('topic.noCourses')}
                description={t('topic.noCoursesHint', { tag: topic.courseTag })}
              />
            ) : (
              <div className="xa-course-cards" data-testid="topic-courses">
                {page.content.map((c) => (
                  <CourseCard key={c.id} course={c} loggedIn={loggedIn} />
                ))}
              </div>
            )
          }
        </QueryStatus>
      </section>
      {topic.articleTag && <TopicArticles tag={topic.articleTag} />}
    </>
  );
}
