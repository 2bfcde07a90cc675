import { Button, Callout, Card, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bindingRequestBody, RELATIONS, type Relation } from '../../../contract/parent/schemas.ts';
import { useRuntime } from '../../app/context.ts';

type Field = 'account' | 'relation';

/**
 * A parent asks to bind a child by the child's username or mobile and the relation (issue 25
 * item 11). The contract's schema checks the form before it is sent, so a mistake names its
 * field in Chinese at once; the server's refusal (no such learner, already asked) shows here
 * too. Asking binds nothing: the request waits for the child or their teacher.
 */
export function BindChildForm() {
  const { t } = useTranslation();
  const { parentBinding } = useRuntime().actors;
  const [account, setAccount] = useState('');
  const [relation, setRelation] = useState<Relation | ''>('');
  const [invalid, setInvalid] = useState<{ field: Field; message: string } | null>(null);
  const asking = useSelector(parentBinding, (s) => s.context.last?.kind === 'request');
  const busy = useSelector(parentBinding, (s) => s.matches('working'));
  const asked = useSelector(parentBinding, (s) => asking && s.matches('done'));
  const refused = useSelector(parentBinding, (s) =>
    asking && s.matches('failed') ? s.context.error : null,
  );
  const refusedFields = useSelector(parentBinding, (s) =>
    asking && s.matches('failed') ? s.context.fields : [],
  );
  const label: Record<Field, string> = {
    account: t('family.account'),
    relation: t('family.relation'),
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = bindingRequestBody.safeParse({ account, relation });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      setInvalid({
        field: issue.path[0] === 'relation' ? 'relation' : 'account',
        message: issue.message,
      });
      return;
    }
    setInvalid(null);
    parentBinding.send({ type: 'REQUEST', ...parsed.data });
  };
  return (
    <Card className="xa-section" data-testid="bind-child">
      <h2>{t('family.bindTitle')}</h2>
      <form onSubmit={submit} noValidate>
        <FormGroup label={label.account} labelFor="bind-account">
          <InputGroup
            id="bind-account"
            value={account}
            placeholder={t('family.accountPlaceholder')}
            intent={invalid?.field === 'account' ? 'danger' : 'none'}
            onValueChange={setAccount}
          />
        </FormGroup>
        <FormGroup label={label.relation} labelFor="bind-relation">
          <HTMLSelect
            id="bind-relation"
            value={relation}
            onChange={(e) => setRelation(e.currentTarget.value as Relation | '')}
            options={[
              { value: '', label: t('family.relationPick') },
              ...RELATIONS.map((r) => ({ value: r })),
            ]}
          />
        </FormGroup>
        {invalid && (
          <Callout intent="danger" role="alert" data-testid="bind-invalid">
            {t('family.fieldError', { field: label[invalid.field], message: invalid.message })}
          </Callout>
        )}
        {refused && (
          <Callout intent="danger" role="alert" data-testid="bind-refused">
            {refusedFields.length === 0
              ? refused.message
              : refusedFields
                  .map(({ field, message }) =>
                    t('family.fieldError', {
                      field: field === 'relation' ? label.relation : label.account,
                      message,
                    }),
                  )
                  .join('；')}
          </Callout>
        )}
        {asked && (
          <Callout intent="success" role="status" data-testid="bind-asked">
            {t('family.asked')}
          </Callout>
        )}
        <Button type="submit" intent="primary" loading={busy} text={t('family.bind')} />
      </form>
    </Card>
  );
}
