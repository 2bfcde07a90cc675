import { lazy, Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Where an activity's prizes and draw show (the prizes helper's component, agreed in the
 * activity coordination notes). Found through a glob so this screen builds before and after
 * that component lands; once it exists, it is loaded with the detail screen's chunk.
 */
const modules = import.meta.glob<{ ActivityPrizes: ComponentType<{ activityId: number }> }>(
  '../prize/ActivityPrizes.tsx',
);
const load = Object.values(modules)[0];
const ActivityPrizes = load
  ? lazy(() => load().then((m) => ({ default: m.ActivityPrizes })))
  : null;

export function PrizeSection({ activityId }: { activityId: number }) {
  const { t } = useTranslation();
  if (!ActivityPrizes) return null;
  return (
    <section className="xa-section" aria-labelledby="activity-prizes" data-testid="activity-prizes">
      <h2 id="activity-prizes">{t('activity.detail.prizes')}</h2>
      <Suspense fallback={null}>
        <ActivityPrizes activityId={activityId} />
      </Suspense>
    </section>
  );
}
