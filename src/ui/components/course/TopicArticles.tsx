import { Card, Elevation, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useRuntime } from '../../app/context.ts';
import { publishedDocuments } from '../../app/course-queries.ts';
import { useQuery } from '../../app/use-query.ts';
import { EmptyState } from '../EmptyState.tsx';
import { QueryStatus } from '../QueryStatus.tsx';

/** A topic page's articles: the content centre's published articles carrying its tag. */
export function TopicArticles({ tag }: { tag: string }) {
  const { t } = useTranslation();
  const articles = useQuery(publishedDocuments(useRuntime(), { kind: 'article', tag }, 12));
  return (
    <section className="xa-section" aria-labelledby="topic-articles">
      <h2 id="topic-articles">{t('topic.articles')}</h2>
      <QueryStatus state={articles} failedTitle={t('topic.failed')}>
        {(page) =>
          page.content.length === 0 ? (
            <EmptyState
              title={t('topic.noArticles')}
              description={t('topic.noArticlesHint', { tag })}
            />
          ) : (
            <div className="xa-course-cards" data-testid="topic-articles">
              {page.content.map((a) => (
                <Card key={a.id} elevation={Elevation.ONE}>
                  <h3>
                    <Link to={`/content-center/${a.id}`}>{a.title}</Link>
                  </h3>
                  <p className="xa-course-summary">{a.summary}</p>
                  <div className="xa-course-tags">
                    {a.tags.map((x) => (
                      <Tag key={x} minimal>
                        {x}
                      </Tag>
                    ))}
                  </div>
                </Card>
              ))}
            </div>
          )
        }
      </QueryStatus>
    </section>
  );
}
