import { Callout } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { PracticeQuestion } from '../../../machines/practice/types.ts';
import { useRuntime } from '../../app/context.ts';
import { formatFen } from '../../format.ts';
import { BuyButton } from '../BuyButton.tsx';
import { BackLink } from './BackLink.tsx';
import { InlineTitle } from './QuestionLabels.tsx';
import { plainTitle } from './question-title.ts';

/**
 * A paid question the learner has not opened (issue 9 item 1): its title, its price and how to
 * open it; once the checkout pays for it, the statement is loaded again.
 */
export function LockedQuestion({
  question,
  reload,
}: {
  question: PracticeQuestion & { locked: NonNullable<PracticeQuestion['locked']> };
  reload: () => void;
}) {
  const { t } = useTranslation();
  const { checkout } = useRuntime().actors;
  const bought = useSelector(
    checkout,
    (s) =>
      s.matches('paid') &&
      s.context.order?.kind === 'question' &&
      s.context.order.itemId === question.id,
  );
  useEffect(() => {
    if (bought) reload();
  }, [bought, reload]);
  return (
    <div className="xa-chapter-page" data-testid="question-locked">
      <BackLink mode="submit" />
      <h1 className="xa-screen-title">
        <InlineTitle text={question.title} />
      </h1>
      <Callout intent="warning" title={t('practice.locked.title')}>
        <p>
          {question.locked.rightName
            ? t('practice.locked.hintRight', {
                price: formatFen(question.locked.priceFen),
                right: question.locked.rightName,
              })
            : t('practice.locked.hint', { price: formatFen(question.locked.priceFen) })}
        </p>
        <BuyButton
          purchase={{ kind: 'question', itemId: question.id }}
          label={t('practice.locked.buy', { title: plainTitle(question.title) })}
        />
      </Callout>
    </div>
  );
}
