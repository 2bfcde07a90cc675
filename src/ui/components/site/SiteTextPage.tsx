import { NonIdealState } from '@blueprintjs/core';
import { DocumentIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { SITE_TEXT_KEYS } from '../../../contract/site-config/keys.ts';
import { useRuntime } from '../../app/context.ts';
import { siteText } from '../../app/site-queries.ts';
import { useQuery } from '../../app/use-query.ts';
import { formatDate } from '../../format.ts';
import { StatementMarkdown } from '../practice/StatementMarkdown.tsx';
import { QueryStatus } from '../QueryStatus.tsx';

export type SiteTextPageName = keyof typeof SITE_TEXT_KEYS;

/**
 * A page whose text platform staff write under /admin/settings (common/config, one key per
 * page): its title, then the sanitised Markdown; an empty state while the key is absent.
 */
export function SiteTextPage({ page }: { page: SiteTextPageName }) {
  const { t, i18n } = useTranslation();
  const runtime = useRuntime();
  const text = useQuery(siteText(runtime, SITE_TEXT_KEYS[page]));
  const title = t(`site.pages.${page}`);
  return (
    <section className="xa-screen xa-prose" aria-labelledby={`screen-site-${page}`}>
      <h1 id={`screen-site-${page}`} className="xa-screen-title">
        {title}
      </h1>
      <QueryStatus state={text} failedTitle={t('site.textFailed')}>
        {(entry) =>
          entry && entry.value.trim() ? (
            <>
              {/* The text usually opens with the page's title, which the h1 already shows. */}
              <StatementMarkdown
                markdown={entry.value}
                title={title}
                headingOffset={1}
                testId="site-text"
              />
              <p className="xa-muted">
                {t('site.updatedAt', { time: formatDate(entry.updatedAt, i18n.language) })}
              </p>
            </>
          ) : (
            <NonIdealState
              icon={<DocumentIcon size={48} />}
              title={t('site.textEmpty')}
              description={t('site.textEmptyDescription')}
            />
          )
        }
      </QueryStatus>
    </section>
  );
}
