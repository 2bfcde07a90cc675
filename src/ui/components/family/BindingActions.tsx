import { Alert, Button, Callout } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BindingItem } from '../../../contract/parent/schemas.ts';
import {
  bindingActions,
  type BindingAction,
  type BindingActor,
} from '../../../machines/lifecycles/parent-binding.ts';
import { useRuntime } from '../../app/context.ts';

/**
 * The buttons one binding offers `side` — exactly what its lifecycle allows that side in its
 * state (the parent withdraws or unbinds, the child confirms, refuses or unbinds, a teacher
 * confirms or refuses) — and the refusal of the last action on this binding, where it was taken.
 * Unbinding asks first: undoing it takes a new request and the child's or teacher's yes.
 */
export function BindingActions({ binding, side }: { binding: BindingItem; side: BindingActor }) {
  const { t } = useTranslation();
  const { parentBinding } = useRuntime().actors;
  const busy = useSelector(parentBinding, (s) => s.matches('working'));
  const error = useSelector(parentBinding, (s) =>
    s.matches('failed') && s.context.last?.kind === 'act' && s.context.last.id === binding.id
      ? s.context.error
      : null,
  );
  const [unbinding, setUnbinding] = useState(false);
  const actions = bindingActions(binding.state, side);
  const send = (action: BindingAction) =>
    parentBinding.send({ type: 'ACT', side, action, id: binding.id });
  return (
    <>
      {actions.map((action) => (
        <Button
          key={action}
          size="small"
          intent={action === 'confirm' ? 'primary' : 'none'}
          variant={action === 'confirm' ? 'solid' : 'outlined'}
          disabled={busy}
          text={t(`family.action.${action}`)}
          onClick={() => (action === 'unbind' ? setUnbinding(true) : send(action))}
        />
      ))}
      <Alert
        isOpen={unbinding}
        intent="danger"
        confirmButtonText={t('family.unbindConfirm')}
        cancelButtonText={t('family.unbindKeep')}
        onConfirm={() => {
          setUnbinding(false);
          send('unbind');
        }}
        onCancel={() => setUnbinding(false)}
      >
        {t(side === 'parent' ? 'family.unbindAsParent' : 'family.unbindAsChild', {
          name: side === 'parent' ? binding.childName : binding.parentName,
        })}
      </Alert>
      {error && (
        <Callout intent="danger" role="alert" compact>
          {error.message}
        </Callout>
      )}
    </>
  );
}

/** A binding's state as a tag colour: waiting, bound, or over. */
export const bindingIntent = (state: BindingItem['state']) =>
  state === 'confirmed' ? 'success' : state === 'requested' ? 'warning' : 'none';
