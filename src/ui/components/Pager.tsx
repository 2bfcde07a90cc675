/**
 * The one pager of every list (issue 12; docs/product-rules.md#paging: pages of 20): previous and
 * next, the page numbers around the current one with gaps, and the total. It shows nothing for a
 * list that fits one page. The page itself lives in the address (usePageParam).
 */
import { Button, ButtonGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { pagerItems } from '../../streams/paging.ts';

interface PagerProps {
  /** 0-based. */
  page: number;
  totalPages: number;
  totalElements: number;
  onChange: (page: number) => void;
  /** Tells lists on one screen apart, for tests and assistive technology. */
  testId?: string;
}

export function Pager({ page, totalPages, totalElements, onChange, testId = 'pager' }: PagerProps) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  return (
    <nav className="xa-pager" aria-label={t('pager.label')} data-testid={testId}>
      <ButtonGroup variant="minimal">
        <Button
          icon="chevron-left"
          aria-label={t('pager.previous')}
          disabled={page <= 0}
          onClick={() => onChange(page - 1)}
        />
        {pagerItems(page, totalPages).map((item, i) =>
          item === 'gap' ? (
            <Button key={`gap-${i}`} disabled text="…" aria-hidden />
          ) : (
            <Button
              key={item}
              text={String(item + 1)}
              aria-label={t('pager.page', { page: item + 1 })}
              aria-current={item === page ? 'page' : undefined}
              intent={item === page ? 'primary' : 'none'}
              onClick={() => onChange(item)}
            />
          ),
        )}
        <Button
          icon="chevron-right"
          aria-label={t('pager.next')}
          disabled={page >= totalPages - 1}
          onClick={() => onChange(page + 1)}
        />
      </ButtonGroup>
      <span className="xa-pager-total">{t('pager.total', { count: totalElements })}</span>
    </nav>
  );
}
