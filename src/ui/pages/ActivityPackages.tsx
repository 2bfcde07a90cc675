import { useTranslation } from 'react-i18next';
import { aiTokenGoods } from '../app/commerce-queries.ts';
import { useRuntime } from '../app/context.ts';
import { useQuery } from '../app/use-query.ts';
import { EmptyState } from '../components/EmptyState.tsx';
import { MembershipOffer, OfferCard } from '../components/OfferCard.tsx';
import { QueryStatus } from '../components/QueryStatus.tsx';

/**
 * /activityPackages (docs/decisions/commerce-and-payments.md "Packages"): what is sold as a package
 * — the cards tagged studentPackage, and the AI tutor token packs — each bought through the pay
 * dialog.
 */
export default function ActivityPackagesPage() {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const cards = useQuery(runtime.queries.vipCards);
  const packs = useQuery(aiTokenGoods(runtime));
  return (
    <section className="xa-screen" aria-labelledby="screen-packages">
      <h1 id="screen-packages" className="xa-screen-title">
        {t('pages.activityPackages.title')}
      </h1>
      <section className="xa-section" aria-labelledby="packages-cards">
        <h2 id="packages-cards">{t('packages.cardsTitle')}</h2>
        <QueryStatus state={cards} failedTitle={t('packages.failed')}>
          {(page) => {
            const packages = page.content.filter((c) => c.tags.includes('studentPackage'));
            if (packages.length === 0) {
              return <EmptyState title={t('packages.empty')} description="" />;
            }
            return (
              <div className="xa-card-grid" data-testid="package-cards">
                {packages.map((card) => (
                  <MembershipOffer key={card.id} card={card} />
                ))}
              </div>
            );
          }}
        </QueryStatus>
      </section>
      <section className="xa-section" aria-labelledby="packages-ai">
        <h2 id="packages-ai">{t('packages.aiTitle')}</h2>
        <QueryStatus state={packs} failedTitle={t('packages.failed')}>
          {(page) =>
            page.content.length === 0 ? (
              <EmptyState title={t('packages.empty')} description="" />
            ) : (
              <div className="xa-card-grid" data-testid="ai-packs">
                {page.content.map((pack) => (
                  <OfferCard
                    key={pack.id}
                    name={pack.name}
                    priceFen={pack.priceFen}
                    detail={t('packages.aiTokens', { count: pack.tokens })}
                    purchase={{ kind: 'aiTokens', itemId: pack.id }}
                  >
                    <p>{pack.description}</p>
                  </OfferCard>
                ))}
              </div>
            )
          }
        </QueryStatus>
      </section>
    </section>
  );
}
