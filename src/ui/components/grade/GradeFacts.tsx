import { Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { GradeItem } from '../../../contract/grade/grades.ts';
import { formatDate, formatDateTime, formatFen } from '../../format.ts';

const STATUS_INTENT = {
  '0': 'none',
  '1': 'primary',
  '2': 'success',
  '3': 'none',
  '4': 'warning',
  '5': 'danger',
} as const;

/** A cover from the class's own address: only web addresses, never a script URL. */
const safeCover = (url: string) => (/^(https?:\/\/|\/)/.test(url) ? url : null);

/**
 * What a class is: cover, status, price, organization, teachers (the head teacher first),
 * schedule, period and lessons, seats, enrollment window, as the detail screen shows them.
 */
export function GradeFacts({ grade }: { grade: GradeItem }) {
  const { t, i18n } = useTranslation();
  const day = (iso: string) => formatDate(iso, i18n.language);
  const at = (iso: string) => formatDateTime(iso, i18n.language);
  const cover = safeCover(grade.coverUrl);
  const teachers = [...grade.teachers].sort((a, b) => Number(b.head) - Number(a.head));
  const window =
    grade.enrollStartAt || grade.enrollEndAt
      ? t('grade.facts.window', {
          from: grade.enrollStartAt ? at(grade.enrollStartAt) : t('grade.facts.anytime'),
          to: grade.enrollEndAt ? at(grade.enrollEndAt) : t('grade.facts.untilEnd'),
        })
      : t('grade.facts.windowOpen');
  return (
    <div className="xa-grade-head">
      {cover && <img className="xa-grade-cover" src={cover} alt={grade.name} />}
      <div className="xa-grade-facts">
        <div className="xa-grade-meta">
          <Tag intent={STATUS_INTENT[grade.status]} data-testid="grade-status">
            {t(`gradeStatus.${grade.status}`)}
          </Tag>
          <Tag minimal data-testid="grade-price">
            {grade.priceFen === 0
              ? t('format.free')
              : t('format.price', { amount: formatFen(grade.priceFen) })}
          </Tag>
          {!grade.isPublic && <Tag minimal>{t('grade.facts.private')}</Tag>}
        </div>
        {grade.description && <p>{grade.description}</p>}
        <dl>
          <dt>{t('grade.facts.organization')}</dt>
          <dd>{grade.organizationName}</dd>
          <dt>{t('grade.facts.teachers')}</dt>
          <dd data-testid="grade-teachers">
            {teachers.length === 0
              ? t('grade.facts.noTeachers')
              : teachers
                  .map((x) => (x.head ? t('grade.facts.head', { name: x.nickname }) : x.nickname))
                  .join(t('format.listSeparator'))}
          </dd>
          <dt>{t('grade.facts.period')}</dt>
          <dd>
            {grade.startTime && grade.endTime
              ? t('grade.facts.periodValue', {
                  start: day(grade.startTime),
                  end: day(grade.endTime),
                })
              : t('grade.facts.unset')}
          </dd>
          <dt>{t('grade.facts.schedule')}</dt>
          <dd>{grade.schedule || t('grade.facts.unset')}</dd>
          <dt>{t('grade.facts.lessons')}</dt>
          <dd>
            {grade.lessons > 0
              ? t('grade.facts.lessonsValue', { count: grade.lessons })
              : t('grade.facts.unset')}
          </dd>
          <dt>{t('grade.facts.seats')}</dt>
          <dd data-testid="grade-seats">
            {grade.capacity === null
              ? t('grade.facts.unlimited', { count: grade.memberCount })
              : t('grade.facts.seatsValue', {
                  capacity: grade.capacity,
                  count: grade.memberCount,
                  left: grade.seatsLeft ?? 0,
                })}
          </dd>
          <dt>{t('grade.facts.enrollWindow')}</dt>
          <dd>{window}</dd>
        </dl>
      </div>
    </div>
  );
}
