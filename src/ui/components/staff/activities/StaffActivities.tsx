import { Alert, Button, InputGroup, Tag } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { ActivityItem } from '../../../../contract/activity/calls.ts';
import { activityLifecycle } from '../../../../machines/lifecycles/activity.ts';
import type { StaffWriteBody } from '../../../../machines/staff-edit/machine.ts';
import { staffActivities, type ActivityArea } from '../../../app/activity-queries.ts';
import { useRuntime } from '../../../app/context.ts';
import { useStaffWrite } from '../../../app/use-staff-write.ts';
import { usePageParam } from '../../../app/use-page-param.ts';
import { useQuery } from '../../../app/use-query.ts';
import {
  formatDateTime,
  formatFen,
  fromShanghaiInput,
  fenOfYuan,
  toShanghaiInput,
} from '../../../format.ts';
import { PagedTable } from '../../PagedTable.tsx';
import { DeleteButton, EditButton } from '../RowButtons.tsx';
import { CreateButton } from '../CreateButton.tsx';
import { LifecycleButtons, REVIEWED_AREA_ACTIONS, lifecycleCall } from '../LifecycleButtons.tsx';
import { LifecycleStateSelect } from '../LifecycleStateSelect.tsx';
import { QuestionSetBuilder, setInHand } from '../QuestionSetBuilder.tsx';
import { ReasonDialog, type ReasonRequest } from '../ReasonDialog.tsx';
import { inYuan } from '../contract-rules.ts';
import { StaffEditOutcome } from '../StaffEditOutcome.tsx';
import {
  StaffForm,
  chosenOf,
  staffForm,
  type FormValues,
  type StaffFormRequest,
} from '../StaffForm.tsx';
import { ActivityDesk } from './ActivityDesk.tsx';

const DAY = 24 * 60 * 60 * 1000;
/** An activity's kinds, as the contract's activityKind. */
const ACTIVITY_KINDS = ['contest', 'event'] as const;
type ActivityCreateBody = StaffWriteBody<`${ActivityArea}.activity.create`>;

type Building =
  { kind: 'new'; details: ActivityCreateBody } | { kind: 'edit'; activity: ActivityItem };

/**
 * Activities of the back office (issue 10 item 1; docs/decisions/activities-and-prizes.md,
 * "Activities (issue 10)"): the list by state and title, create and edit (a contest's questions
 * picked from the bank with the question-set builder), the lifecycle's actions for the row's state
 * (platform review with a reason), and one activity's desk: enrollments, batch enrollment, the
 * download, the ranking and the prizes.
 */
export function StaffActivities({ area }: { area: ActivityArea }) {
  const { t, i18n } = useTranslation();
  const runtime = useRuntime();
  const { staffEdit } = runtime.actors;
  const [params, setParams] = useSearchParams();
  const selected = Number(params.get('id')) || 0;
  const [state, setState] = useState('');
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = usePageParam();
  const list = useQuery(staffActivities(runtime, area, state || undefined, keyword, page));
  const [form, setForm] = useState<StaffFormRequest | null>(null);
  const [reason, setReason] = useState<ReasonRequest | null>(null);
  const [building, setBuilding] = useState<Building | null>(null);
  const [deleting, setDeleting] = useState<ActivityItem | null>(null);
  const busy = useSelector(staffEdit, (s) => s.matches('working'));
  const write = useStaffWrite();
  const at = (iso: string) => formatDateTime(iso, i18n.language);

  const activityForm = (activity: ActivityItem | null) => {
    const now = Date.now();
    return staffForm({
      title: activity ? t('staffActivity.editActivity') : t('staffActivity.newActivity'),
      call: activity ? `${area}.activity.update` : `${area}.activity.create`,
      fields: [
        { name: 'title', label: t('staffActivity.title'), kind: 'text' },
        ...(activity
          ? []
          : [
              {
                name: 'kind',
                label: t('staffActivity.kind'),
                kind: 'select' as const,
                options: ACTIVITY_KINDS.map((k) => ({
                  value: k,
                  label: t(`activity.kind.${k}`),
                })),
              },
            ]),
        { name: 'summary', label: t('staffActivity.summary'), kind: 'text' },
        { name: 'description', label: t('staffActivity.description'), kind: 'textarea' },
        { name: 'startAt', label: t('staffActivity.startAt'), kind: 'datetime' },
        { name: 'endAt', label: t('staffActivity.endAt'), kind: 'datetime' },
        { name: 'price', label: t('staffActivity.price'), kind: 'yuan' },
        { name: 'capacity', label: t('staffActivity.capacity'), kind: 'number' },
        { name: 'showRanking', label: t('staffActivity.showRanking'), kind: 'checkbox' },
      ],
      values: {
        title: activity?.title ?? '',
        kind: activity?.kind ?? 'contest',
        summary: activity?.summary ?? '',
        description: activity?.description ?? '',
        startAt: toShanghaiInput(activity?.startAt ?? new Date(now + DAY).toISOString()),
        endAt: toShanghaiInput(activity?.endAt ?? new Date(now + 8 * DAY).toISOString()),
        price: formatFen(activity?.priceFen ?? 0),
        capacity: activity?.capacity ? String(activity.capacity) : '',
        showRanking: activity?.showRanking ?? true,
      },
      toBody: (v: FormValues) => {
        const times: { startAt?: string; endAt?: string } = {};
        for (const name of ['startAt', 'endAt'] as const) {
          // The form shows minutes: an untouched time is not sent, or an edit of the title would
          // move it by its seconds (refused once started, and sent back to review).
          if (activity && String(v[name]) === toShanghaiInput(activity[name])) continue;
          const iso = fromShanghaiInput(String(v[name]));
          if (!iso) return { field: name, message: t('staffActivity.timeInvalid') };
          times[name] = iso;
        }
        // What is not an amount, or not a whole number, the contract's rules refuse (`rules`).
        const priceFen = fenOfYuan(String(v.price)) ?? Number.NaN;
        const capacityText = String(v.capacity).trim();
        const capacity = capacityText === '' ? null : Number(capacityText);
        const fields = {
          title: String(v.title),
          summary: String(v.summary),
          description: String(v.description),
          priceFen,
          capacity,
          showRanking: v.showRanking === true,
        };
        // A new activity's times are always read above; an edit sends the ones changed.
        return activity
          ? { body: { id: activity.id, ...fields, ...times } }
          : {
              body: {
                kind: chosenOf(v.kind, ACTIVITY_KINDS),
                ...fields,
                startAt: times.startAt ?? '',
                endAt: times.endAt ?? '',
              },
            };
      },
      // The price's and the capacity's ranges are the contract's (activityFields).
      rules: {
        shape: () =>
          import('../../../../contract/activity/schemas.ts').then(
            (m) => (activity ? m.activityUpdate : m.activityCreate).shape,
          ),
        fields: {
          priceFen: { field: 'price', message: (r) => t('staffActivity.priceInvalid', inYuan(r)) },
          capacity: { message: (r) => t('staffActivity.capacityInvalid', r) },
        },
      },
      // A new contest picks its questions next, and is created with them in one write.
      ...(activity
        ? {}
        : {
            onValid: (details: ActivityCreateBody) => {
              if (details.kind === 'contest') setBuilding({ kind: 'new', details });
              else write(`${area}.activity.create`, details);
            },
          }),
    });
  };

  const act = (
    activity: ActivityItem,
    action: (typeof REVIEWED_AREA_ACTIONS)[ActivityArea][number],
  ) => {
    if (action === 'reject') {
      setReason({
        title: t('staffActivity.rejectTitle', { name: activity.title }),
        required: true,
        onConfirm: ({ reason: r }) => write('bms.activity.reject', { id: activity.id, reason: r }),
      });
      return;
    }
    // Review (pass) is offered on the platform's screen only (REVIEWED_AREA_ACTIONS).
    write(lifecycleCall(area, 'activity', action), { id: activity.id });
  };

  return (
    <section className="xa-section" aria-labelledby="staff-activities">
      <h2 id="staff-activities">
        {t('staffActivity.activities')}{' '}
        <CreateButton
          call={`${area}.activity.create`}
          onClick={() => setForm(activityForm(null))}
          testId="activity-create"
        />{' '}
        <LifecycleStateSelect lifecycle={activityLifecycle} value={state} onChange={setState} />
      </h2>
      {/* Writes skip the global error toast: a refusal (publish without questions…) shows here. */}
      <StaffEditOutcome besideForm />
      <form
        className="xa-activity-actions"
        onSubmit={(e) => {
          e.preventDefault();
          setKeyword(typed.trim());
        }}
      >
        <InputGroup
          type="search"
          value={typed}
          onValueChange={setTyped}
          placeholder={t('staffActivity.search')}
          aria-label={t('staffActivity.search')}
        />
      </form>
      <PagedTable
        state={list}
        failedTitle={t('staffActivity.failed')}
        empty={{ title: t('staffActivity.empty'), description: t('staffActivity.emptyHint') }}
        headers={[
          t('staffActivity.title'),
          t('orders.state'),
          t('staffActivity.when'),
          t('staffActivity.price'),
          t('staffActivity.enrolled'),
          t('orders.actions'),
        ]}
        testId="staff-activities"
        page={page}
        onPage={setPage}
        row={(a) => (
          <tr key={a.id} className={a.id === selected ? 'xa-row-mine' : undefined}>
            <td>
              <Button
                variant="minimal"
                text={a.title}
                onClick={() => setParams({ id: String(a.id) })}
              />
              <div className="xa-muted">
                {t(`activity.kind.${a.kind}`)}
                {a.organizationName ? ` · ${a.organizationName}` : ''}
              </div>
            </td>
            <td>
              <Tag minimal intent={a.state === 'published' ? 'success' : 'none'}>
                {activityLifecycle.states[a.state]}
              </Tag>{' '}
              <Tag minimal>{t(`activity.phase.${a.phase}`)}</Tag>
              {a.reviewReason && <div className="xa-muted">{a.reviewReason}</div>}
            </td>
            <td className="xa-muted">
              {at(a.startAt)} — {at(a.stoppedAt ?? a.endAt)}
            </td>
            <td>
              {a.priceFen === 0
                ? t('activity.free')
                : t('format.price', { amount: formatFen(a.priceFen) })}
            </td>
            <td>
              {a.enrolledCount}
              {a.capacity !== null && ` / ${a.capacity}`}
            </td>
            <td>
              <EditButton
                call={`${area}.activity.update`}
                disabled={a.state === 'stopped'}
                onClick={() => setForm(activityForm(a))}
              />
              {a.kind === 'contest' && (
                <Button
                  size="small"
                  variant="outlined"
                  disabled={a.state === 'stopped'}
                  text={t('staffActivity.editQuestions')}
                  onClick={() => setBuilding({ kind: 'edit', activity: a })}
                />
              )}
              <LifecycleButtons
                lifecycle={activityLifecycle}
                state={a.state}
                offered={REVIEWED_AREA_ACTIONS[area]}
                label={(action) => t(`staffActivity.action.${action}`)}
                onAct={(action) => act(a, action)}
                callOf={(action) => lifecycleCall(area, 'activity', action)}
                busy={busy}
                testIdPrefix="activity"
              />
              <DeleteButton
                call={`${area}.activity.delete`}
                busy={busy}
                testId="activity-delete"
                onClick={() => setDeleting(a)}
              />
            </td>
          </tr>
        )}
      />
      {selected > 0 && (
        <ActivityDesk area={area} activityId={selected} onClose={() => setParams({})} />
      )}
      <StaffForm request={form} onClose={() => setForm(null)} />
      <Alert
        isOpen={deleting !== null}
        intent="danger"
        icon="trash"
        cancelButtonText={t('staffActivity.cancel')}
        confirmButtonText={t('staff.delete')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) write(`${area}.activity.delete`, { id: deleting.id });
          setDeleting(null);
        }}
      >
        {deleting && t('staffActivity.confirmDelete', { name: deleting.title })}
      </Alert>
      <ReasonDialog request={reason} onClose={() => setReason(null)} />
      {building?.kind === 'new' && (
        <QuestionSetBuilder
          area={area}
          id={0}
          title={t('staffActivity.questionsOf', { name: building.details.title })}
          set={setInHand('new-activity', { name: building.details.title, questions: [] })}
          saveCall={`${area}.activity.create`}
          bodyOf={(questions) => ({ ...building.details, questions })}
          onClose={() => setBuilding(null)}
        />
      )}
      {building?.kind === 'edit' && (
        <QuestionSetBuilder
          area={area}
          id={building.activity.id}
          title={t('staffActivity.questionsOf', { name: building.activity.title })}
          set={setInHand(`activity-questions-${building.activity.id}`, {
            name: building.activity.title,
            questions: building.activity.questions,
          })}
          saveCall={`${area}.activity.update`}
          onClose={() => setBuilding(null)}
        />
      )}
    </section>
  );
}
