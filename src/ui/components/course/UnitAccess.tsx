import { Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { CourseUnits } from '../../app/course-queries.ts';
import { BuyButton } from '../BuyButton.tsx';
import { formatFen } from '../../format.ts';

type Unit = Pick<CourseUnits[number], 'access' | 'priceFen' | 'rightName' | 'title'> & {
  chapterId: number;
};

/** How the member may open a unit: a tag, or the price with a buy button when it is locked. */
export function UnitAccess({ unit }: { unit: Unit }) {
  const { t } = useTranslation();
  switch (unit.access) {
    case 'free':
      return null;
    case 'bought':
      return (
        <Tag minimal intent="success">
          {t('course.access.bought')}
        </Tag>
      );
    case 'right':
      return (
        <Tag minimal intent="success">
          {t('course.access.right', { right: unit.rightName ?? '' })}
        </Tag>
      );
    case 'staff':
      return <Tag minimal>{t('course.access.staff')}</Tag>;
    case 'locked':
      return (
        <span className="xa-course-buy">
          <Tag minimal intent="warning">
            {t('course.access.price', { price: formatFen(unit.priceFen) })}
          </Tag>{' '}
          <BuyButton
            purchase={{ kind: 'chapter', itemId: unit.chapterId }}
            label={t('course.buyUnit', { title: unit.title })}
          />
          {unit.rightName && (
            <span className="xa-course-right-hint">
              {t('course.access.orRight', { right: unit.rightName })}
            </span>
          )}
        </span>
      );
  }
}
