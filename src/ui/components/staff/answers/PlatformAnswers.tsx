import { Button, HTMLSelect, InputGroup, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../../../../judge/languages.ts';
import { VERDICTS, type Verdict } from '../../../../judge/types.ts';
import { submitStaffWrite } from '../../../../machines/staff-edit/events.ts';
import { PLATFORM_ANSWERS_KEY, platformAnswers } from '../../../app/answer-admin-queries.ts';
import { useRuntime } from '../../../app/context.ts';
import { usePageParam } from '../../../app/use-page-param.ts';
import { useQuery } from '../../../app/use-query.ts';
import { useLiveRefresh } from '../../../app/use-live-refresh.ts';
import { formatDateTime } from '../../../format.ts';
import { PagedTable } from '../../PagedTable.tsx';
import { VerdictTag } from '../../practice/ResultView.tsx';
import { MemberSearchField } from '../MemberSearchField.tsx';
import { Permitted } from '../Permitted.tsx';
import { StaffEditOutcome } from '../StaffEditOutcome.tsx';
import {
  StaffForm,
  chosenOf,
  staffForm,
  trimmedText,
  type FormValues,
  type StaffFormRequest,
} from '../StaffForm.tsx';
import './answers.css';

type JudgeLanguage = (typeof LANGUAGE_NAMES)[number];

/** A whole positive number typed in a box, else null. */
const idOf = (text: string): number | null => {
  const n = Number(text.trim());
  return Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * Every organization's answers as the platform corrects them (/admin/answers; bms
 * memberQuestion): filter by learner, question and verdict; enter a programming submission for a
 * learner (补录), judge an answer again after its question was corrected (重测), take an answer
 * out of the learner's own history. Nothing is erased: staff keep seeing what a learner's
 * history no longer shows, marked so.
 */
export function PlatformAnswers() {
  const { t, i18n } = useTranslation();
  const runtime = useRuntime();
  const { staffEdit } = runtime.actors;
  const [memberId, setMemberId] = useState('');
  const [questionText, setQuestionText] = useState('');
  const [questionId, setQuestionId] = useState<number | null>(null);
  const [verdict, setVerdict] = useState<'' | Verdict>('');
  const [page, setPage] = usePageParam();
  const list = useQuery(
    platformAnswers(
      runtime,
      {
        ...(memberId ? { memberId: Number(memberId) } : {}),
        ...(questionId ? { questionId } : {}),
        ...(verdict ? { verdict } : {}),
      },
      page,
    ),
  );
  const [form, setForm] = useState<StaffFormRequest | null>(null);
  // An answer entered or judged again shows its verdict when the judge gives it.
  const judging = list.data?.content.some((a) => a.status !== 'done' && a.status !== 'failed');
  useLiveRefresh((key) => key.includes(PLATFORM_ANSWERS_KEY), judging === true);

  const enterForm = () =>
    staffForm({
      title: t('platformAnswers.enter'),
      call: 'bms.memberQuestion.create',
      fields: [
        {
          name: 'memberId',
          label: t('platformAnswers.member'),
          kind: 'custom',
          render: (value, set, id) => <MemberSearchField id={id} value={value} onChange={set} />,
        },
        { name: 'questionId', label: t('platformAnswers.questionId'), kind: 'text' },
        {
          name: 'language',
          label: t('platformAnswers.language'),
          kind: 'select',
          options: LANGUAGE_NAMES.map((l) => ({ value: l, label: t(`practice.languages.${l}`) })),
        },
        { name: 'source', label: t('platformAnswers.source'), kind: 'textarea' },
      ],
      values: { memberId: '', questionId: '', language: 'cpp', source: '' },
      toBody: (v: FormValues) => {
        const member = Number(v.memberId);
        if (!member) return { field: 'memberId', message: t('platformAnswers.pickMember') };
        const question = idOf(trimmedText(v.questionId));
        if (!question) return { field: 'questionId', message: t('platformAnswers.badQuestionId') };
        const source = typeof v.source === 'string' ? v.source : '';
        if (!source.trim()) return { field: 'source', message: t('platformAnswers.noSource') };
        return {
          body: {
            memberId: member,
            questionId: question,
            language: chosenOf(v.language, LANGUAGE_NAMES),
            source,
          },
        };
      },
    });

  const applyQuestion = () => {
    const text = questionText.trim();
    setQuestionId(text ? idOf(text) : null);
    setPage(0);
  };
  const questionInvalid = questionText.trim() !== '' && idOf(questionText) === null;

  return (
    <section className="xa-section" aria-labelledby="platform-answers">
      <h2 id="platform-answers">
        {t('platformAnswers.title')}{' '}
        <Permitted call="bms.memberQuestion.create">
          <Button
            size="small"
            icon="add"
            text={t('platformAnswers.enter')}
            onClick={() => setForm(enterForm())}
            data-testid="answer-enter"
          />
        </Permitted>{' '}
        <Button
          size="small"
          variant="minimal"
          icon="refresh"
          text={t('platformAnswers.refresh')}
          onClick={() =>
            runtime.queries.cache.invalidate((key) => key.includes(PLATFORM_ANSWERS_KEY))
          }
        />
      </h2>
      <p className="xa-muted">{t('platformAnswers.hint')}</p>
      <div className="xa-filter-row">
        <div>
          <MemberSearchField
            id="answers-member"
            value={memberId}
            onChange={(id) => {
              setMemberId(id);
              setPage(0);
            }}
          />
          {memberId && (
            <Button
              size="small"
              variant="minimal"
              text={t('platformAnswers.anyMember')}
              onClick={() => {
                setMemberId('');
                setPage(0);
              }}
            />
          )}
        </div>
        <InputGroup
          className="xa-answers-question"
          aria-label={t('platformAnswers.questionId')}
          placeholder={t('platformAnswers.questionId')}
          value={questionText}
          intent={questionInvalid ? 'danger' : 'none'}
          onChange={(e) => setQuestionText(e.target.value)}
          onBlur={applyQuestion}
          onKeyDown={(e) => {
            if (e.key === 'Enter') applyQuestion();
          }}
        />
        <HTMLSelect
          aria-label={t('platformAnswers.verdict')}
          value={verdict}
          onChange={(e) => {
            setVerdict(e.currentTarget.value as typeof verdict);
            setPage(0);
          }}
          options={[
            { value: '', label: t('platformAnswers.anyVerdict') },
            ...VERDICTS.map((v) => ({ value: v, label: `${v} ${t(`practice.verdicts.${v}`)}` })),
          ]}
        />
      </div>
      {questionInvalid && (
        <p className="xa-field-error" role="alert">
          {t('platformAnswers.badQuestionId')}
        </p>
      )}
      <StaffEditOutcome />
      <PagedTable
        state={list}
        failedTitle={t('platformAnswers.failed')}
        empty={{ title: t('platformAnswers.empty'), description: '' }}
        headers={[
          t('platformAnswers.id'),
          t('platformAnswers.member'),
          t('platformAnswers.question'),
          t('platformAnswers.result'),
          t('platformAnswers.at'),
          t('orders.actions'),
        ]}
        testId="platform-answers"
        page={page}
        onPage={setPage}
        row={(a) => (
          <tr key={a.id} data-testid={`answer-${a.id}`}>
            <td>{a.id}</td>
            <td>
              {a.memberNickname}
              <div className="xa-muted">
                {t(`platformAnswers.kinds.${a.kind === 'review' ? 'review' : 'submit'}`)}
                {a.language ? ` · ${t(`practice.languages.${a.language as JudgeLanguage}`)}` : ''}
              </div>
            </td>
            <td>
              {a.questionTitle ?? '—'}
              <div className="xa-muted">#{a.questionId}</div>
            </td>
            <td>
              {a.status === 'done' ? (
                <>
                  <VerdictTag verdict={a.verdict} />
                  {a.score !== null && a.maxScore !== null && (
                    <span className="xa-muted"> {`${a.score}/${a.maxScore}`}</span>
                  )}
                </>
              ) : (
                <Tag minimal>
                  {t(
                    a.status === 'running'
                      ? 'practice.status.runningNoCount'
                      : `practice.status.${a.status}`,
                  )}
                </Tag>
              )}
              {a.enteredBy && (
                <div>
                  <Tag minimal intent="primary">
                    {t('platformAnswers.enteredBy', { name: a.enteredBy.nickname })}
                  </Tag>
                </div>
              )}
              {a.cleanedAt && (
                <div>
                  <Tag minimal>
                    {t('platformAnswers.cleaned', {
                      at: formatDateTime(a.cleanedAt, i18n.language),
                    })}
                  </Tag>
                </div>
              )}
            </td>
            <td className="xa-nowrap">{formatDateTime(a.createdAt, i18n.language)}</td>
            <td>
              <Permitted call="bms.memberQuestion.update">
                <Button
                  size="small"
                  variant="outlined"
                  text={t('platformAnswers.rejudge')}
                  disabled={a.status !== 'done' && a.status !== 'failed'}
                  onClick={() => {
                    if (window.confirm(t('platformAnswers.rejudgeConfirm', { id: a.id }))) {
                      submitStaffWrite(staffEdit, 'bms.memberQuestion.update', { id: a.id });
                    }
                  }}
                />
              </Permitted>{' '}
              {!a.cleanedAt && (
                <Permitted call="bms.memberQuestion.delete">
                  <Button
                    size="small"
                    variant="outlined"
                    intent="danger"
                    text={t('platformAnswers.clean')}
                    onClick={() => {
                      if (
                        window.confirm(
                          t('platformAnswers.cleanConfirm', { id: a.id, name: a.memberNickname }),
                        )
                      ) {
                        submitStaffWrite(staffEdit, 'bms.memberQuestion.delete', { id: a.id });
                      }
                    }}
                  />
                </Permitted>
              )}
            </td>
          </tr>
        )}
      />
      <StaffForm request={form} onClose={() => setForm(null)} />
    </section>
  );
}
