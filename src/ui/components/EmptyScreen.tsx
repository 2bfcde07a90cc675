import type { ReactElement } from 'react';
import { NonIdealState } from '@blueprintjs/core';
import { InboxIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { zhCN } from '../i18n/zh-CN.ts';

type Pages = typeof zhCN.pages;
/** Screens whose catalogue entry has an empty-state title and description. */
export type EmptyScreenKey = {
  [K in keyof Pages]: Pages[K] extends { empty: string; description: string } ? K : never;
}[keyof Pages];

interface EmptyScreenProps {
  page: EmptyScreenKey;
  /** The description already translated, for screens whose text takes route parameters. */
  description?: string;
  action?: ReactElement;
}

/**
 * The honest placeholder of a screen whose content arrives with a later issue: its title and one
 * line on what will be here. Never shows invented data.
 */
export function EmptyScreen({ page, description, action }: EmptyScreenProps) {
  const { t } = useTranslation();
  return (
    <section className="xa-screen" aria-labelledby={`screen-${page}`}>
      <h1 id={`screen-${page}`} className="xa-screen-title">
        {t(`pages.${page}.title` as const)}
      </h1>
      <NonIdealState
        icon={<InboxIcon size={48} />}
        title={t(`pages.${page}.empty` as const)}
        description={description ?? t(`pages.${page}.description` as const)}
        action={action}
      />
    </section>
  );
}
