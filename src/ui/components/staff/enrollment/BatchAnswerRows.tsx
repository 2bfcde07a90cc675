import { HTMLTable, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { BatchAnswer } from '../../../../contract/enrollment/batch.ts';

const INTENT = { enrolled: 'success', alreadyEnrolled: 'none' } as const;

/**
 * A batch enrollment's answer: the totals, then one row per member or mobile sent with its
 * outcome, and the server's reason where the outcome's name does not already say it (a full
 * class, another organization's learner).
 */
export function BatchAnswerRows({ answer, testId }: { answer: BatchAnswer; testId: string }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="xa-muted" role="status">
        {t('staffClass.batchSummary', answer)}
      </p>
      <HTMLTable className="xa-table" data-testid={testId}>
        <tbody>
          {answer.rows.map((r, i) => {
            const label = t(`staffExam.outcome.${r.outcome}`);
            const placed = r.outcome === 'enrolled' || r.outcome === 'alreadyEnrolled';
            return (
              <tr key={`${r.key}-${i}`}>
                <td>{r.key}</td>
                <td>{r.memberName ?? ''}</td>
                <td>
                  <Tag
                    minimal
                    intent={placed ? INTENT[r.outcome as keyof typeof INTENT] : 'danger'}
                  >
                    {label}
                  </Tag>
                </td>
                <td className="xa-muted">
                  {!placed && !r.message.startsWith(label) ? r.message : ''}
                </td>
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
    </>
  );
}
