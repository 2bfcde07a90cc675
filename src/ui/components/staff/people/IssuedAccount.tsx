import { Callout } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../../app/context.ts';
import { selectAnswer } from '../../../../machines/staff-edit/selectors.ts';

/**
 * The writes that make an account (adding a member or a teacher, resetting a password): each
 * answers the password shown this once, or — for someone registered in another organization —
 * the invitation now waiting for them (docs/product-rules.md, invitations).
 */
type IssuingCall =
  | 'member.pwd'
  | 'edms.organizationMember.create'
  | 'edms.teacherMember.create'
  | 'user.create'
  | 'user.resetPwd';

/** Shows the answer of the last of `calls` the staff-edit actor completed, on this screen only. */
export function IssuedAccount({
  calls,
  invitedTitle,
}: {
  calls: readonly IssuingCall[];
  /** Whose confirmation the invitation waits for (待学员确认, 待教师确认). */
  invitedTitle: string;
}) {
  const { t } = useTranslation();
  const { staffEdit } = useRuntime().actors;
  const issued = useSelector(staffEdit, (s) => selectAnswer(s, calls));
  if (!issued) return null;
  if ('message' in issued) {
    return (
      <Callout intent="warning" title={invitedTitle} data-testid="invited">
        {issued.message}
      </Callout>
    );
  }
  const password = 'password' in issued ? issued.password : issued.initialPassword;
  if (!password) return null;
  return (
    <Callout intent="success" data-testid="issued-password">
      {t('staffPeople.passwordOnce', {
        name: 'nickname' in issued ? issued.nickname : '',
        password,
      })}
    </Callout>
  );
}
