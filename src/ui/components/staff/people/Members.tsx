import { Button, HTMLSelect, InputGroup, Tag } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { members } from '../../../app/class-staff-queries.ts';
import { useRuntime } from '../../../app/context.ts';
import { useSessionUser } from '../../../app/hooks.ts';
import { usePageParam } from '../../../app/use-page-param.ts';
import { useQuery } from '../../../app/use-query.ts';
import { formatDateTime } from '../../../format.ts';
import { PagedTable } from '../../PagedTable.tsx';
import { splitList } from '../enrollment/BatchEnrollPanel.tsx';
import { ReasonDialog, type ReasonRequest } from '../ReasonDialog.tsx';
import { StaffEditOutcome } from '../StaffEditOutcome.tsx';
import {
  StaffForm,
  chosenOf,
  staffForm,
  type FormValues,
  type StaffFormRequest,
} from '../StaffForm.tsx';
import { IssuedAccount } from './IssuedAccount.tsx';
import { MemberImport } from './MemberImport.tsx';
import { CreateButton } from '../CreateButton.tsx';
import { Permitted } from '../Permitted.tsx';
import { submitStaffWrite } from '../../../../machines/staff-edit/events.ts';

const APPROVALS = ['', 'reviewing', 'passed', 'rejected'] as const;
/** The roles a learner account is made with (the contract's memberCreate role). */
const MEMBER_ROLES = ['student', 'parent'] as const;

/**
 * The organization's people (issue 8 items 1 and 6): search and filter, add one, import a
 * spreadsheet, pass or reject learners waiting for approval (成员审核), reset a password.
 */
export function Members() {
  const { t, i18n } = useTranslation();
  const runtime = useRuntime();
  const { staffEdit } = runtime.actors;
  const [keyword, setKeyword] = useState('');
  const [search, setSearch] = useState('');
  const [approval, setApproval] = useState<(typeof APPROVALS)[number]>('');
  const [page, setPage] = usePageParam();
  const filter = {
    ...(search ? { keyword: search } : {}),
    ...(approval ? { approval } : {}),
  };
  const list = useQuery(members(runtime, filter, page));
  const [form, setForm] = useState<StaffFormRequest | null>(null);
  const [reason, setReason] = useState<ReasonRequest | null>(null);
  const busy = useSelector(staffEdit, (s) => s.matches('working'));
  // Approving learners is the organization admin's (成员审核).
  const isAdmin = useSessionUser()?.role === 'orgAdmin';

  const newMember = () =>
    staffForm({
      title: t('staffPeople.newMember'),
      call: 'edms.organizationMember.create',
      fields: [
        { name: 'nickname', label: t('staffPeople.nickname'), kind: 'text' },
        { name: 'mobile', label: t('staffPeople.mobile'), kind: 'text' },
        { name: 'username', label: t('staffPeople.username'), kind: 'text' },
        { name: 'password', label: t('staffPeople.passwordOptional'), kind: 'text' },
        {
          name: 'role',
          label: t('staffPeople.role'),
          kind: 'select',
          options: MEMBER_ROLES.map((r) => ({
            value: r,
            label: t(`role.${r}`),
          })),
        },
        { name: 'realName', label: t('staffPeople.realName'), kind: 'text' },
        { name: 'tags', label: t('staffPeople.tags'), kind: 'text' },
        { name: 'studentNo', label: t('staffPeople.studentNo'), kind: 'text' },
        { name: 'school', label: t('staffPeople.school'), kind: 'text' },
        { name: 'gradeLevel', label: t('staffPeople.gradeLevel'), kind: 'text' },
        { name: 'remark', label: t('staffPeople.remark'), kind: 'text' },
      ],
      values: {
        nickname: '',
        mobile: '',
        username: '',
        password: '',
        role: 'student',
        realName: '',
        tags: '',
        studentNo: '',
        school: '',
        gradeLevel: '',
        remark: '',
      },
      toBody: (v: FormValues) => {
        const text = (name: string) => String(v[name]).trim();
        if (!text('mobile') && !text('username')) {
          return { field: 'mobile', message: t('staffPeople.loginRequired') };
        }
        const given = (name: 'mobile' | 'username' | 'password') =>
          text(name) ? { [name]: text(name) } : {};
        return {
          body: {
            nickname: text('nickname'),
            role: chosenOf(v.role, MEMBER_ROLES),
            tags: splitList(text('tags')),
            ...given('mobile'),
            ...given('username'),
            ...given('password'),
            realName: text('realName'),
            studentNo: text('studentNo'),
            school: text('school'),
            gradeLevel: text('gradeLevel'),
            remark: text('remark'),
          },
        };
      },
    });

  return (
    <section className="xa-section" aria-labelledby="staff-members">
      <h2 id="staff-members">
        {t('staffPeople.members')}{' '}
        <CreateButton
          call="edms.organizationMember.create"
          onClick={() => setForm(newMember())}
          testId="member-create"
        />
      </h2>
      <div className="xa-exam-actions">
        <InputGroup
          leftIcon="search"
          aria-label={t('staffPeople.keyword')}
          placeholder={t('staffPeople.keyword')}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              setSearch(keyword.trim());
              setPage(0);
            }
          }}
        />
        <HTMLSelect
          aria-label={t('staffPeople.approvalLabel')}
          value={approval}
          onChange={(e) => {
            setApproval(e.currentTarget.value as (typeof APPROVALS)[number]);
            setPage(0);
          }}
          options={APPROVALS.map((a) => ({
            value: a,
            label: a ? t(`staffPeople.approval.${a}`) : t('staff.allStates'),
          }))}
          data-testid="member-approval-filter"
        />
      </div>
      <StaffEditOutcome />
      <IssuedAccount
        calls={['member.pwd', 'edms.organizationMember.create']}
        invitedTitle={t('staffPeople.awaitingLearner')}
      />
      <PagedTable
        state={list}
        failedTitle={t('staffPeople.membersFailed')}
        empty={{ title: t('staffPeople.noMembers'), description: t('staffPeople.noMembersHint') }}
        headers={[
          t('staffPeople.nickname'),
          t('staffPeople.login'),
          t('staffPeople.role'),
          t('staffPeople.classes'),
          t('staffPeople.lastLogin'),
          t('orders.actions'),
        ]}
        testId="members"
        page={page}
        onPage={setPage}
        row={(m) => (
          <tr key={m.id}>
            <td>
              {m.nickname}
              {m.realName && <span className="xa-muted"> · {m.realName}</span>}
              <div>
                {m.tags.map((tag) => (
                  <Tag key={tag} minimal className="xa-tag-gap">
                    {tag}
                  </Tag>
                ))}
              </div>
            </td>
            <td>
              {m.mobile ?? m.username}
              {m.studentNo && <div className="xa-muted">{m.studentNo}</div>}
            </td>
            <td>
              {t(`role.${m.role}`)}{' '}
              {m.approval !== 'passed' && (
                <Tag minimal intent={m.approval === 'rejected' ? 'danger' : 'warning'}>
                  {t(`staffPeople.approval.${m.approval}`)}
                </Tag>
              )}
              {m.status === 'disabled' && <Tag minimal>{t('staffPeople.disabled')}</Tag>}
            </td>
            <td className="xa-muted">{m.grades.map((g) => g.name).join('、')}</td>
            <td className="xa-muted">
              {m.lastLoginAt
                ? formatDateTime(m.lastLoginAt, i18n.language)
                : t('staffPeople.never')}
            </td>
            <td>
              {m.approval === 'reviewing' && isAdmin && (
                <>
                  <Permitted call="member.pass">
                    <Button
                      size="small"
                      variant="outlined"
                      intent="success"
                      disabled={busy}
                      text={t('staff.action.passQuit')}
                      onClick={() => submitStaffWrite(staffEdit, 'member.pass', { id: m.id })}
                      data-testid="member-pass"
                    />
                  </Permitted>
                  <Permitted call="member.reject">
                    <Button
                      size="small"
                      variant="outlined"
                      disabled={busy}
                      text={t('staff.action.rejectQuit')}
                      onClick={() =>
                        setReason({
                          title: t('staffPeople.rejectTitle', { name: m.nickname }),
                          required: true,
                          onConfirm: ({ reason: r }) =>
                            submitStaffWrite(staffEdit, 'member.reject', { id: m.id, reason: r }),
                        })
                      }
                    />
                  </Permitted>
                </>
              )}
              <Permitted call="member.pwd">
                <Button
                  size="small"
                  variant="outlined"
                  disabled={busy}
                  text={t('staffPeople.resetPassword')}
                  onClick={() => submitStaffWrite(staffEdit, 'member.pwd', { id: m.id })}
                />
              </Permitted>
            </td>
          </tr>
        )}
      />
      <MemberImport />
      <StaffForm request={form} onClose={() => setForm(null)} />
      <ReasonDialog request={reason} onClose={() => setReason(null)} />
    </section>
  );
}
