import { Card, Elevation, H3 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { rightKey, DEFAULT_RIGHT_CODES } from '../../machines/membership.ts';
import { aiTokenGoods } from '../app/commerce-queries.ts';
import { useRuntime } from '../app/context.ts';
import { useQuery } from '../app/use-query.ts';
import { BuyButton } from '../components/BuyButton.tsx';
import { EmptyState } from '../components/EmptyState.tsx';
import { QueryStatus } from '../components/QueryStatus.tsx';
import { RightsList } from '../components/RightsList.tsx';
import { formatFen } from '../format.ts';

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
                  <Card key={card.id} elevation={Elevation.ONE}>
                    <H3>{card.name}</H3>
                    <div className="xa-price">
                      {t('format.price', { amount: formatFen(card.priceFen) })}
                    </div>
                    <div className="xa-muted">{t('vip.duration', { days: card.durationDays })}</div>
                    <RightsList
                      rights={
                        card.rights.length > 0
                          ? card.rights.map(rightKey)
                          : DEFAULT_RIGHT_CODES.map(rightKey)
                      }
                    />
                    <BuyButton
                      purchase={{ kind: 'membership', itemId: card.id }}
                      label={`${t('vip.buy')} ${card.name}`}
                    />
                  </Card>
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
                  <Card key={pack.id} elevation={Elevation.ONE}>
                    <H3>{pack.name}</H3>
                    <div className="xa-price">
                      {t('format.price', { amount: formatFen(pack.priceFen) })}
                    </div>
                    <div className="xa-muted">{t('packages.aiTokens', { count: pack.tokens })}</div>
                    <p>{pack.description}</p>
                    <BuyButton
                      purchase={{ kind: 'aiTokens', itemId: pack.id }}
                      label={`${t('vip.buy')} ${pack.name}`}
                    />
                  </Card>
                ))}
              </div>
            )
          }
        </QueryStatus>
      </section>
    </section>
  );
}
