/**
 * One enrollment's answers, question by question (/homework/report/enroll): the best-scoring and
 * the latest submission with their code (or options chosen) and the judge's verdicts per case —
 * the failing case's data only where the server gives it (the class's test-case control or a
 * card right) — and every submission with its late mark.
 */
import { Card, HTMLTable, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { questionMark } from '../../../machines/homework-room/status.ts';
import { useRuntime } from '../../app/context.ts';
import {
  answerDetail,
  questionSubmissions,
  type AnswerDetail,
  type HomeworkReport,
} from '../../app/homework-queries.ts';
import { usePageParam } from '../../app/use-page-param.ts';
import { useQuery } from '../../app/use-query.ts';
import { formatDateTime } from '../../format.ts';
import { Pager } from '../Pager.tsx';
import { QueryStatus } from '../QueryStatus.tsx';
import { FailingCase } from '../practice/FailingCase.tsx';
import { answerText } from '../practice/ObjectivePractice.tsx';
import { InlineTitle } from '../practice/QuestionLabels.tsx';
import { VerdictTag } from '../practice/ResultView.tsx';
import { HomeworkAiLauncher } from '../ai/ReportAiLauncher.tsx';
import { LateTag, QuestionMarkTag } from './HomeworkTags.tsx';
import './homework.css';
import { languageName } from '../practice/language-name.ts';

type ReportQuestion = HomeworkReport['questions'][number];

/** Where an answer without a verdict is (running has no case count here). */
const statusKey = (status: AnswerDetail['status']) =>
  status === 'running' ? 'practice.status.runningNoCount' : (`practice.status.${status}` as const);

export function EnrollAnswers({ report }: { report: HomeworkReport }) {
  return (
    <>
      {report.questions.map((q, i) => (
        <QuestionAnswers
          key={q.questionId}
          enrollId={report.enroll.id}
          homework={report.homework}
          question={q}
          index={i}
        />
      ))}
    </>
  );
}

function QuestionAnswers({
  enrollId,
  homework,
  question: q,
  index,
}: {
  enrollId: number;
  homework: HomeworkReport['homework'];
  question: ReportQuestion;
  index: number;
}) {
  const { t } = useTranslation();
  const objective = q.type !== 'programming';
  return (
    <Card className="xa-section" data-testid={`homework-enroll-question-${index + 1}`}>
      <h3>
        {t('homework.room.questionNo', { n: index + 1 })} · {t(`homework.types.${q.type}`)} ·{' '}
        <InlineTitle text={q.title} />{' '}
        <Tag minimal>
          {q.earned} / {q.maxScore}
        </Tag>{' '}
        <QuestionMarkTag mark={questionMark(q)} /> {q.late && <LateTag />}
      </h3>
      <HomeworkAiLauncher
        homework={homework}
        questionId={q.questionId}
        answerId={q.latestAnswerId}
        testId={`ai-launcher-${index + 1}`}
      />
      {q.submissions === 0 ? (
        <p className="xa-muted">{t('homework.enroll.noSubmissions')}</p>
      ) : (
        <>
          {q.bestAnswerId !== null && (
            <AnswerPanel
              label={t('homework.enroll.best')}
              answerId={q.bestAnswerId}
              objective={objective}
            />
          )}
          {q.latestAnswerId !== null && q.latestAnswerId !== q.bestAnswerId && (
            <AnswerPanel
              label={t('homework.enroll.latest')}
              answerId={q.latestAnswerId}
              objective={objective}
            />
          )}
          <Submissions
            enrollId={enrollId}
            questionId={q.questionId}
            count={q.submissions}
            objective={objective}
          />
        </>
      )}
    </Card>
  );
}

function AnswerPanel({
  label,
  answerId,
  objective,
}: {
  label: string;
  answerId: number;
  objective: boolean;
}) {
  const { t } = useTranslation();
  const detail = useQuery(answerDetail(useRuntime(), answerId));
  return (
    <section className="xa-homework-answer" data-testid="homework-answer" data-answer-id={answerId}>
      <QueryStatus state={detail} failedTitle={t('homework.enroll.failed')}>
        {(a) => (
          <>
            <h4>
              {label} #{a.id}{' '}
              {a.verdict ? (
                <VerdictTag verdict={a.verdict} />
              ) : (
                <Tag minimal>{t(statusKey(a.status))}</Tag>
              )}{' '}
              {!objective && a.score !== null && a.maxScore !== null && (
                <span className="xa-muted">
                  {t('practice.score')}: {a.score}/{a.maxScore}
                </span>
              )}
            </h4>
            {objective ? (
              <p>
                {t('homework.enroll.yourAnswer')}: {answerText(t, a.source, a.source.length)}
              </p>
            ) : (
              <>
                {a.cases.length > 0 && (
                  <ul className="xa-muted" aria-label={t('homework.enroll.cases')}>
                    {a.cases.map((c) => (
                      <li key={c.index} data-verdict={c.verdict}>
                        {t('homework.enroll.caseLine', {
                          index: c.index,
                          verdict: c.verdict,
                          time: c.timeMs,
                          memory: c.memoryKiB,
                        })}
                      </li>
                    ))}
                  </ul>
                )}
                {a.compileOutput && (
                  <pre className="xa-practice-pre xa-practice-mono">{a.compileOutput}</pre>
                )}
                <strong>
                  {t('homework.enroll.code')} · {languageName(t, a.language)}
                </strong>
                <pre className="xa-mono" data-testid="homework-answer-code">
                  {a.source}
                </pre>
                <FailingCase detail={a} />
              </>
            )}
          </>
        )}
      </QueryStatus>
    </section>
  );
}

function Submissions({
  enrollId,
  questionId,
  count,
  objective,
}: {
  enrollId: number;
  questionId: number;
  count: number;
  objective: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = usePageParam(`q${questionId}`);
  const list = useQuery(questionSubmissions(useRuntime(), enrollId, questionId, page));
  return (
    <section aria-label={t('homework.enroll.submissions', { count })}>
      <h4>{t('homework.enroll.submissions', { count })}</h4>
      <QueryStatus state={list} failedTitle={t('homework.enroll.failed')}>
        {(data) => (
          <>
            <HTMLTable compact striped data-testid="homework-submissions">
              <tbody>
                {data.content.map((s) => (
                  <tr key={s.id}>
                    <td>
                      #{s.id} {s.late && <LateTag />}
                    </td>
                    <td>
                      {objective
                        ? answerText(t, s.answer, s.answer?.length ?? 0)
                        : languageName(t, s.language)}
                    </td>
                    <td>
                      {s.verdict ? <VerdictTag verdict={s.verdict} /> : t(statusKey(s.status))}
                    </td>
                    <td>{formatDateTime(s.createdAt, i18n.language)}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
            <Pager
              page={page}
              totalPages={data.totalPages}
              totalElements={data.totalElements}
              onChange={setPage}
              testId={`homework-submissions-pager-${questionId}`}
            />
          </>
        )}
      </QueryStatus>
    </section>
  );
}
