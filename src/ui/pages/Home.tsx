import { Card, Elevation, H3, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { GradePage, MembershipPage } from '../app/queries.ts';
import { useRuntime } from '../app/context.ts';
import { liveBanners } from '../app/site-queries.ts';
import { useQuery } from '../app/use-query.ts';
import { EmptyState } from '../components/EmptyState.tsx';
import { QueryStatus } from '../components/QueryStatus.tsx';
import { RollingNotice } from '../components/RollingNotice.tsx';
import { BannerCarousel } from '../components/site/BannerCarousel.tsx';
import { formatDate, formatFen } from '../format.ts';

/**
 * The home page: notice, banners (when staff have put some up), public classes (each leading to
 * its detail) and membership cards.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const { queries } = runtime;
  const banners = useQuery(liveBanners(runtime, 'home'));
  const classes = useQuery(queries.publicClasses);
  const cards = useQuery(queries.studentCards);
  return (
    <>
      <RollingNotice />
      {/* Banners are an extra: while loading or failed, the page reads well without them. */}
      {banners.data && <BannerCarousel banners={banners.data} />}
      <section className="xa-hero">
        <h1>{t('home.hero')}</h1>
        <p className="xa-muted">{t('home.heroDescription')}</p>
      </section>
      <section className="xa-section" aria-labelledby="home-classes">
        <h2 id="home-classes">{t('home.classesTitle')}</h2>
        <QueryStatus state={classes} failedTitle={t('home.classesFailed')}>
          {(page) => <ClassList page={page} />}
        </QueryStatus>
      </section>
      <section className="xa-section" aria-labelledby="home-cards">
        <h2 id="home-cards">{t('home.membershipTitle')}</h2>
        <QueryStatus state={cards} failedTitle={t('home.membershipFailed')}>
          {(page) => <CardList page={page} />}
        </QueryStatus>
      </section>
    </>
  );
}

function ClassList({ page }: { page: GradePage }) {
  const { t, i18n } = useTranslation();
  if (page.content.length === 0) {
    return (
      <EmptyState title={t('home.classesEmpty')} description={t('home.classesEmptyDescription')} />
    );
  }
  return (
    <div className="xa-card-grid" data-testid="public-classes">
      {page.content.map((grade) => (
        <Card key={grade.id} elevation={Elevation.ONE}>
          <H3>
            <Link to={`/grade/detail?id=${grade.id}`} data-testid={`class-card-${grade.id}`}>
              {grade.name}
            </Link>
          </H3>
          <Tag minimal intent="primary">
            {t(`gradeStatus.${grade.status}`)}
          </Tag>
          {grade.description ? <p>{grade.description}</p> : null}
          <div className="xa-card-meta xa-muted">
            <span>{t('home.organization', { name: grade.organizationName })}</span>
            {grade.teacherName ? (
              <span>{t('home.teacher', { name: grade.teacherName })}</span>
            ) : null}
            <span>{t('home.memberCount', { count: grade.memberCount })}</span>
            {grade.startTime && grade.endTime ? (
              <span>
                {t('home.period', {
                  start: formatDate(grade.startTime, i18n.language),
                  end: formatDate(grade.endTime, i18n.language),
                })}
              </span>
            ) : null}
          </div>
          <div className="xa-price">
            {grade.priceFen > 0
              ? t('format.price', { amount: formatFen(grade.priceFen) })
              : t('format.free')}
          </div>
        </Card>
      ))}
    </div>
  );
}

function CardList({ page }: { page: MembershipPage }) {
  const { t } = useTranslation();
  if (page.content.length === 0) {
    return (
      <EmptyState
        title={t('home.membershipEmpty')}
        description={t('home.membershipEmptyDescription')}
      />
    );
  }
  return (
    <div className="xa-card-grid" data-testid="membership-cards">
      {page.content.map((card) => (
        <Card key={card.id} elevation={Elevation.ONE}>
          <H3>{card.name}</H3>
          <div className="xa-price">{t('format.price', { amount: formatFen(card.priceFen) })}</div>
          <div className="xa-muted">{t('vip.duration', { days: card.durationDays })}</div>
        </Card>
      ))}
    </div>
  );
}
