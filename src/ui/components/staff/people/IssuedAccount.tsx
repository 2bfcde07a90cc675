import { Callout } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../../app/context.ts';
import type { StaffWriteCall } from '../../../../machines/staff-edit/machine.ts';

/**
 * What a write that makes an account answers (adding a member or a teacher, resetting a
 * password): the password shown this once, or — for someone registered in another
 * organization — the invitation now waiting for them (docs/product-rules.md, invitations).
 */
interface Issued {
  nickname?: string;
  initialPassword?: string | null;
  password?: string;
  invitation?: { maskedName: string } | null;
  message?: string;
}

/** Shows the answer of the last of `calls` the staff-edit actor completed, on this screen only. */
export function IssuedAccount({
  calls,
  invitedTitle,
}: {
  calls: readonly StaffWriteCall[];
  /** Whose confirmation the invitation waits for (待学员确认, 待教师确认). */
  invitedTitle: string;
}) {
  const { t } = useTranslation();
  const { staffEdit } = useRuntime().actors;
  const issued = useSelector(staffEdit, (s) => {
    const call = s.context.last?.call;
    // The answers of these calls all fit Issued (their response schemas in the contract).
    return s.matches('done') && call !== undefined && calls.includes(call)
      ? (s.context.result as Issued)
      : null;
  });
  if (!issued) return null;
  if (issued.invitation) {
    return (
      <Callout intent="warning" title={invitedTitle} data-testid="invited">
        {issued.message}
      </Callout>
    );
  }
  const password = issued.password ?? issued.initialPassword ?? null;
  if (!password) return null;
  return (
    <Callout intent="success" data-testid="issued-password">
      {t('staffPeople.passwordOnce', { name: issued.nickname ?? '', password })}
    </Callout>
  );
}
