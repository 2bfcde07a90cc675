import {
  Button,
  Dialog,
  DialogBody,
  DialogFooter,
  HTMLTable,
  InputGroup,
  Tag,
} from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { allowedActions } from '../../../../machines/lifecycles/lifecycle.ts';
import { examPaperLifecycle } from '../../../../machines/lifecycles/exam-paper.ts';
import type { StaffWriteCall } from '../../../../machines/staff-edit/machine.ts';
import { useRuntime } from '../../../app/context.ts';
import {
  bankQuestions,
  staffPaper,
  staffPapers,
  type ExamArea,
  type StaffPaper,
} from '../../../app/staffQueries.ts';
import { usePageParam } from '../../../app/usePageParam.ts';
import { useQuery } from '../../../app/useQuery.ts';
import { PagedTable } from '../../PagedTable.tsx';
import { Pager } from '../../Pager.tsx';
import { QueryStatus } from '../../QueryStatus.tsx';
import { ReasonDialog, type ReasonRequest } from '../ReasonDialog.tsx';
import { StaffForm, type FormValues, type StaffFormRequest } from '../StaffForm.tsx';

const whole = (text: string, min: number, max: number) => {
  const n = Number(text);
  return /^\d+$/.test(text.trim()) && n >= min && n <= max ? n : null;
};

/**
 * Papers of the back office (issue 7 item 7): the list with review states, create and edit, the
 * builder (search the bank, add, reorder, set scores), and — platform staff — pass or reject.
 */
export function StaffPapers({ area }: { area: ExamArea }) {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const { staffEdit } = runtime.actors;
  const [page, setPage] = usePageParam();
  const papers = useQuery(staffPapers(runtime, area, page));
  const [form, setForm] = useState<StaffFormRequest | null>(null);
  const [building, setBuilding] = useState<number | null>(null);
  const [reason, setReason] = useState<ReasonRequest | null>(null);
  const busy = useSelector(staffEdit, (s) => s.matches('working'));
  const write = (call: StaffWriteCall, body: Record<string, unknown>) =>
    staffEdit.send({ type: 'SUBMIT', call, body });

  const paperForm = (paper: StaffPaper | null): StaffFormRequest => ({
    title: paper ? t('staffExam.editPaper') : t('staffExam.newPaper'),
    call: paper ? `${area}.examPaper.update` : `${area}.examPaper.create`,
    fields: [
      { name: 'name', label: t('staffExam.paperName'), kind: 'text' },
      { name: 'durationMinutes', label: t('staffExam.durationMinutes'), kind: 'number' },
      { name: 'description', label: t('staffExam.description'), kind: 'textarea' },
    ],
    values: {
      name: paper?.name ?? '',
      durationMinutes: String(paper?.durationMinutes ?? 60),
      description: paper?.description ?? '',
    },
    toBody: (v: FormValues) => {
      const minutes = whole(String(v.durationMinutes), 1, 1440);
      if (minutes === null) {
        return { field: 'durationMinutes', message: t('staffExam.minutesInvalid') };
      }
      return {
        body: {
          ...(paper ? { id: paper.id } : {}),
          name: String(v.name),
          durationMinutes: minutes,
          description: String(v.description),
        },
      };
    },
  });

  return (
    <section className="xa-section" aria-labelledby="staff-papers">
      <h2 id="staff-papers">
        {t('staffExam.papers')}{' '}
        <Button
          size="small"
          icon="plus"
          text={t('staff.create')}
          onClick={() => setForm(paperForm(null))}
          data-testid="paper-create"
        />
      </h2>
      <PagedTable
        state={papers}
        failedTitle={t('staffExam.papersFailed')}
        empty={{ title: t('staffExam.noPapers'), description: t('staffExam.noPapersHint') }}
        headers={[
          t('staffExam.paperName'),
          t('staffExam.owner'),
          t('staffExam.questions'),
          t('staffExam.review'),
          t('orders.actions'),
        ]}
        testId="staff-papers"
        page={page}
        onPage={setPage}
        row={(p) => {
          const mine = area === 'bms' || p.organizationId !== null;
          return (
            <tr key={p.id}>
              <td>{p.name}</td>
              <td>{p.organizationName ?? t('staffExam.platform')}</td>
              <td>
                {t('staffExam.questionLine', {
                  count: p.questionCount,
                  score: p.totalScore,
                  minutes: p.durationMinutes,
                })}
              </td>
              <td>
                <Tag
                  minimal
                  intent={
                    p.review === 'passed'
                      ? 'success'
                      : p.review === 'rejected'
                        ? 'danger'
                        : 'warning'
                  }
                >
                  {t(`staffExam.reviewState.${p.review}`)}
                </Tag>
                {p.reviewReason && <div className="xa-muted">{p.reviewReason}</div>}
              </td>
              <td>
                {mine && (
                  <>
                    <Button
                      size="small"
                      variant="outlined"
                      text={t('staffExam.build')}
                      onClick={() => setBuilding(p.id)}
                    />
                    <Button
                      size="small"
                      variant="outlined"
                      text={t('staff.edit')}
                      onClick={() => setForm(paperForm({ ...p, questions: [] }))}
                    />
                  </>
                )}
                {area === 'bms' &&
                  allowedActions(examPaperLifecycle, p.review)
                    .filter((a) => a === 'pass' || a === 'reject')
                    .map((action) => (
                      <Button
                        key={action}
                        size="small"
                        variant="outlined"
                        intent={action === 'pass' ? 'success' : 'danger'}
                        disabled={busy}
                        text={t(`staffExam.action.${action}`)}
                        onClick={() =>
                          action === 'pass'
                            ? write('bms.examPaper.pass', { id: p.id })
                            : setReason({
                                title: t('staffExam.rejectTitle', { name: p.name }),
                                required: true,
                                onConfirm: ({ reason: r }) =>
                                  write('bms.examPaper.reject', { id: p.id, reason: r }),
                              })
                        }
                      />
                    ))}
                {mine && (
                  <Button
                    size="small"
                    variant="outlined"
                    intent="danger"
                    disabled={busy}
                    text={t('staff.delete')}
                    onClick={() => write(`${area}.examPaper.delete`, { id: p.id })}
                  />
                )}
              </td>
            </tr>
          );
        }}
      />
      <StaffForm request={form} onClose={() => setForm(null)} />
      <ReasonDialog request={reason} onClose={() => setReason(null)} />
      {building !== null && (
        <PaperBuilder area={area} id={building} onClose={() => setBuilding(null)} />
      )}
    </section>
  );
}

interface Line {
  questionId: number;
  title: string;
  type: 'programming' | 'single' | 'multiple' | 'judge';
  score: string;
}

/** Builds a paper from the bank: search, add, reorder, set each score, save. */
function PaperBuilder({ area, id, onClose }: { area: ExamArea; id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const { staffEdit } = runtime.actors;
  const paper = useQuery(staffPaper(runtime, area, id));
  const [lines, setLines] = useState<Line[] | null>(null);
  const [keyword, setKeyword] = useState('');
  const [search, setSearch] = useState('');
  const [bankPage, setBankPage] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const bank = useQuery(bankQuestions(runtime, area, search, bankPage));
  const state = useSelector(staffEdit, (s) => s.value as string);
  const error = useSelector(staffEdit, (s) => s.context.error);
  useEffect(() => {
    if (lines === null && paper.data) {
      setLines(
        paper.data.questions.map((q) => ({
          questionId: q.questionId,
          title: q.title,
          type: q.type,
          score: String(q.score),
        })),
      );
    }
  }, [lines, paper.data]);
  useEffect(() => {
    if (sent && state === 'done') onClose();
  }, [sent, state, onClose]);
  const current = lines ?? [];
  const move = (i: number, by: number) => {
    const next = [...current];
    const [line] = next.splice(i, 1);
    next.splice(i + by, 0, line!);
    setLines(next);
  };
  const save = () => {
    const questions = [];
    for (const line of current) {
      const score = whole(line.score, 1, 1000);
      if (score === null) {
        setProblem(t('staffExam.scoreInvalid', { title: line.title }));
        return;
      }
      questions.push({ questionId: line.questionId, score });
    }
    setProblem(null);
    setSent(true);
    staffEdit.send({
      type: 'SUBMIT',
      call: `${area}.examPaper.updateQuestions`,
      body: { id, questions },
    });
  };
  const total = current.reduce((n, l) => n + (Number(l.score) || 0), 0);
  return (
    <Dialog isOpen onClose={onClose} title={t('staffExam.builderTitle')} style={{ width: 860 }}>
      <DialogBody>
        <QueryStatus state={paper} failedTitle={t('staffExam.papersFailed')}>
          {(p) => (
            <p className="xa-muted">
              {p.name} · {t('staffExam.total', { score: total })}
            </p>
          )}
        </QueryStatus>
        <HTMLTable className="xa-table" data-testid="paper-lines">
          <tbody>
            {current.map((line, i) => (
              <tr key={line.questionId}>
                <td>{i + 1}</td>
                <td>
                  {line.title} <Tag minimal>{t(`exam.type.${line.type}`)}</Tag>
                </td>
                <td style={{ width: 90 }}>
                  <InputGroup
                    aria-label={t('staffExam.scoreOf', { title: line.title })}
                    value={line.score}
                    onChange={(e) =>
                      setLines(
                        current.map((l, j) => (j === i ? { ...l, score: e.target.value } : l)),
                      )
                    }
                  />
                </td>
                <td>
                  <Button
                    size="small"
                    icon="arrow-up"
                    disabled={i === 0}
                    onClick={() => move(i, -1)}
                    aria-label={t('staffExam.up')}
                  />
                  <Button
                    size="small"
                    icon="arrow-down"
                    disabled={i === current.length - 1}
                    onClick={() => move(i, 1)}
                    aria-label={t('staffExam.down')}
                  />
                  <Button
                    size="small"
                    icon="cross"
                    onClick={() => setLines(current.filter((_, j) => j !== i))}
                    aria-label={t('staffExam.remove')}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        <h3>{t('staffExam.bank')}</h3>
        <InputGroup
          leftIcon="search"
          placeholder={t('staffExam.searchBank')}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              setSearch(keyword.trim());
              setBankPage(0);
            }
          }}
          data-testid="bank-search"
        />
        <QueryStatus state={bank} failedTitle={t('staffExam.bankFailed')}>
          {(found) => (
            <>
              <HTMLTable className="xa-table" data-testid="bank-results">
                <tbody>
                  {found.content.map((q) => {
                    const added = current.some((l) => l.questionId === q.id);
                    return (
                      <tr key={q.id}>
                        <td>
                          {q.title} <Tag minimal>{t(`exam.type.${q.type}`)}</Tag>
                        </td>
                        <td>
                          <Button
                            size="small"
                            icon="plus"
                            disabled={added}
                            text={added ? t('staffExam.added') : t('staffExam.add')}
                            onClick={() =>
                              setLines([
                                ...current,
                                {
                                  questionId: q.id,
                                  title: q.title,
                                  type: q.type,
                                  score: q.type === 'programming' ? '40' : '5',
                                },
                              ])
                            }
                          />
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </HTMLTable>
              <Pager
                page={bankPage}
                totalPages={found.totalPages}
                totalElements={found.totalElements}
                onChange={setBankPage}
              />
            </>
          )}
        </QueryStatus>
        {(problem ?? (sent && state === 'failed' ? error?.message : null)) && (
          <p className="xa-field-error" role="alert">
            {problem ?? error?.message}
          </p>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('checkout.close')} onClick={onClose} />
            <Button
              intent="primary"
              text={t('staff.save')}
              loading={state === 'working'}
              onClick={save}
              data-testid="paper-save"
            />
          </>
        }
      />
    </Dialog>
  );
}
