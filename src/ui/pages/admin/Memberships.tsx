import { Button, HTMLTable, Tag } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useState, type ReactNode } from 'react';
import type { Page } from '../../../contract/paging.ts';
import type { QueryState } from '../../../streams/query-cache.ts';
import { useTranslation } from 'react-i18next';
import { allowedActions } from '../../../machines/lifecycles/lifecycle.ts';
import { publicationOf } from '../../../machines/lifecycles/publication.ts';
import { useRuntime } from '../../app/context.ts';
import { staffCards, staffGoods, staffRights } from '../../app/staff-queries.ts';
import { useQuery } from '../../app/use-query.ts';
import { QueryStatus } from '../../components/QueryStatus.tsx';
import {
  StaffForm,
  type FormValues,
  chosenListOf,
  chosenOf,
  listOf,
  trimmedText,
  staffForm,
  type StaffFormRequest,
} from '../../components/staff/StaffForm.tsx';
import { fenOfYuan, formatFen } from '../../format.ts';
import {
  bodyShapeOf,
  inYuan,
  wholeOrNaN,
  type Range,
} from '../../components/staff/contract-rules.ts';
import { submitStaffWrite } from '../../../machines/staff-edit/events.ts';

/** A card's types and tags, as the contract's membershipType and membershipTag take them. */
const CARD_TYPES = ['0', '1'] as const;
const CARD_TAGS = ['student', 'studentPackage', 'educational'] as const;

/** Cards, rights and packs share the publication lifecycle: it says which button a row shows. */
const PUBLICATION = publicationOf('');

type Publication = 'draft' | 'published' | 'unpublished';

/** The write buttons of one row: edit, publish or unpublish as its state allows, delete. */
function RowWrites({
  id,
  publication,
  prefix,
  onEdit,
}: {
  id: number;
  publication: Publication;
  prefix: 'membership' | 'bms.right' | 'bms.aiTokenGoods';
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const { staffEdit } = useRuntime().actors;
  const busy = useSelector(staffEdit, (s) => s.matches('working'));
  const write = (action: 'publish' | 'unpublish' | 'delete') =>
    submitStaffWrite(staffEdit, `${prefix}.${action}`, { id });
  return (
    <>
      <Button size="small" variant="outlined" text={t('staff.edit')} onClick={onEdit} />
      {allowedActions(PUBLICATION, publication).map((action) => (
        <Button
          key={action}
          size="small"
          variant="outlined"
          intent={action === 'publish' ? 'success' : 'none'}
          disabled={busy}
          text={t(`staff.${action}`)}
          onClick={() => write(action)}
        />
      ))}
      <Button
        size="small"
        variant="outlined"
        intent="danger"
        disabled={busy}
        text={t('staff.delete')}
        onClick={() => write('delete')}
      />
    </>
  );
}

/**
 * One kind of back-office item as a table: the create button, the item's own columns, its
 * publication state, and the row's writes.
 */
function EditableSection<T extends { id: number; publication: Publication }>({
  id,
  title,
  prefix,
  state,
  failedTitle,
  headers,
  cells,
  onCreate,
  onEdit,
}: {
  id: string;
  title: string;
  prefix: 'membership' | 'bms.right' | 'bms.aiTokenGoods';
  state: QueryState<Page<T>>;
  failedTitle: string;
  headers: readonly string[];
  cells: (item: T) => ReactNode;
  onCreate: () => void;
  onEdit: (item: T) => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="xa-section" aria-labelledby={id}>
      <h2 id={id}>
        {title} <Button size="small" icon="plus" text={t('staff.create')} onClick={onCreate} />
      </h2>
      <QueryStatus state={state} failedTitle={failedTitle}>
        {(page) => (
          <HTMLTable className="xa-table" striped data-testid={id}>
            <thead>
              <tr>
                {[...headers, t('orders.state'), t('orders.actions')].map((header) => (
                  <th key={header}>{header}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {page.content.map((item) => (
                <tr key={item.id}>
                  {cells(item)}
                  <td>
                    <Tag minimal intent={item.publication === 'published' ? 'success' : 'none'}>
                      {t(`staff.publication.${item.publication}`)}
                    </Tag>
                  </td>
                  <td>
                    <RowWrites
                      id={item.id}
                      publication={item.publication}
                      prefix={prefix}
                      onEdit={() => onEdit(item)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </QueryStatus>
    </section>
  );
}

/** The last write's refusal (a delete of a card in use, a publish not allowed now). */
function WriteOutcome() {
  const { staffEdit } = useRuntime().actors;
  const error = useSelector(staffEdit, (s) =>
    s.matches('failed') && s.context.fieldErrors.length === 0 ? s.context.error : null,
  );
  if (!error) return null;
  return (
    <p className="xa-field-error" role="alert" data-testid="staff-write-error">
      {error.message}
    </p>
  );
}

/**
 * Cards, rights and AI token packs (issue 6 item 6): every one, drafts included, with its
 * editor and its publication lifecycle (上架 / 下架).
 */
export default function MembershipsPage() {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const cards = useQuery(staffCards(runtime));
  const rights = useQuery(staffRights(runtime));
  const goods = useQuery(staffGoods(runtime));
  const [form, setForm] = useState<StaffFormRequest | null>(null);
  const rightOptions = (rights.data?.content ?? []).map((r) => ({ value: r.code, label: r.name }));
  // What is not an amount the contract's rule refuses (`rules`), as it refuses a price too high.
  const price = (v: FormValues[string] | undefined) => fenOfYuan(trimmedText(v)) ?? Number.NaN;
  const priceRule = { message: (r: Range) => t('staff.priceInvalid', inYuan(r)) };

  const cardForm = (card?: NonNullable<typeof cards.data>['content'][number]) =>
    staffForm({
      title: card ? `${t('staff.edit')} · ${card.name}` : `${t('staff.create')}${t('staff.cards')}`,
      call: card ? 'membership.update' : 'membership.create',
      // The price's range is the contract's (the card's priceFen).
      rules: {
        shape: () =>
          import('../../../contract/membership/calls.ts').then((m) =>
            bodyShapeOf(m.membership[card ? 'membership.update' : 'membership.create']),
          ),
        fields: { priceFen: priceRule, durationDays: {}, sort: {} },
      },
      fields: [
        { name: 'name', label: t('staff.name'), kind: 'text' },
        {
          name: 'type',
          label: t('staff.cardTypeLabel'),
          kind: 'select',
          options: CARD_TYPES.map((v) => ({
            value: v,
            label: t(`staff.cardType.${v}`),
          })),
        },
        {
          name: 'tags',
          label: t('staff.tagsLabel'),
          kind: 'multi',
          options: CARD_TAGS.map((v) => ({
            value: v,
            label: t(`staff.tag.${v}`),
          })),
        },
        { name: 'priceFen', label: t('staff.price'), kind: 'yuan' },
        { name: 'durationDays', label: t('staff.days'), kind: 'number' },
        { name: 'rights', label: t('staff.rightsLabel'), kind: 'multi', options: rightOptions },
        { name: 'sort', label: t('staff.sort'), kind: 'number' },
        { name: 'description', label: t('staff.description'), kind: 'textarea' },
      ],
      values: {
        name: card?.name ?? '',
        type: card?.type ?? '0',
        tags: card?.tags ?? ['student'],
        priceFen: card ? formatFen(card.priceFen) : '',
        durationDays: String(card?.durationDays ?? 365),
        rights: card?.rights ?? [],
        sort: String(card?.sort ?? 0),
        description: card?.description ?? '',
      },
      toBody: (v) => {
        const fen = price(v.priceFen);
        return {
          body: {
            ...(card ? { id: card.id } : {}),
            name: trimmedText(v.name),
            type: chosenOf(v.type, CARD_TYPES),
            tags: chosenListOf(v.tags, CARD_TAGS),
            priceFen: fen,
            durationDays: wholeOrNaN(String(v.durationDays)),
            rights: listOf(v.rights),
            sort: wholeOrNaN(String(v.sort)),
            description: trimmedText(v.description),
          },
        };
      },
    });

  const rightForm = (right?: NonNullable<typeof rights.data>['content'][number]) =>
    staffForm({
      title: right
        ? `${t('staff.edit')} · ${right.name}`
        : `${t('staff.create')}${t('staff.rights')}`,
      call: right ? 'bms.right.update' : 'bms.right.create',
      // The order's rule is the contract's (the right's sort).
      rules: {
        shape: () =>
          import('../../../contract/membership/calls.ts').then((m) =>
            bodyShapeOf(m.membership[right ? 'bms.right.update' : 'bms.right.create']),
          ),
        fields: { sort: {} },
      },
      fields: [
        ...(right ? [] : [{ name: 'code', label: t('staff.code'), kind: 'text' as const }]),
        { name: 'name', label: t('staff.name'), kind: 'text' },
        { name: 'isDefault', label: t('staff.isDefault'), kind: 'checkbox' },
        { name: 'sort', label: t('staff.sort'), kind: 'number' },
        { name: 'description', label: t('staff.description'), kind: 'textarea' },
      ],
      values: {
        code: '',
        name: right?.name ?? '',
        isDefault: right?.isDefault ?? false,
        sort: String(right?.sort ?? 0),
        description: right?.description ?? '',
      },
      toBody: (v) => ({
        body: {
          ...(right ? { id: right.id } : { code: trimmedText(v.code) }),
          name: trimmedText(v.name),
          isDefault: v.isDefault === true,
          sort: wholeOrNaN(String(v.sort)),
          description: trimmedText(v.description),
        },
      }),
    });

  const goodsForm = (pack?: NonNullable<typeof goods.data>['content'][number]) =>
    staffForm({
      title: pack ? `${t('staff.edit')} · ${pack.name}` : `${t('staff.create')}${t('staff.goods')}`,
      call: pack ? 'bms.aiTokenGoods.update' : 'bms.aiTokenGoods.create',
      // The price's range is the contract's (the pack's priceFen).
      rules: {
        shape: () =>
          import('../../../contract/ai-token/calls.ts').then((m) =>
            bodyShapeOf(m.aiToken[pack ? 'bms.aiTokenGoods.update' : 'bms.aiTokenGoods.create']),
          ),
        fields: { tokens: {}, priceFen: priceRule, sort: {} },
      },
      fields: [
        { name: 'name', label: t('staff.name'), kind: 'text' },
        { name: 'tokens', label: t('staff.tokens'), kind: 'number' },
        { name: 'priceFen', label: t('staff.price'), kind: 'yuan' },
        { name: 'sort', label: t('staff.sort'), kind: 'number' },
        { name: 'description', label: t('staff.description'), kind: 'textarea' },
      ],
      values: {
        name: pack?.name ?? '',
        tokens: String(pack?.tokens ?? ''),
        priceFen: pack ? formatFen(pack.priceFen) : '',
        sort: String(pack?.sort ?? 0),
        description: pack?.description ?? '',
      },
      toBody: (v) => {
        const fen = price(v.priceFen);
        return {
          body: {
            ...(pack ? { id: pack.id } : {}),
            name: trimmedText(v.name),
            tokens: wholeOrNaN(String(v.tokens)),
            priceFen: fen,
            sort: wholeOrNaN(String(v.sort)),
            description: trimmedText(v.description),
          },
        };
      },
    });

  return (
    <section className="xa-screen" aria-labelledby="screen-memberships">
      <h1 id="screen-memberships" className="xa-screen-title">
        {t('staff.menu.memberships')}
      </h1>
      <WriteOutcome />

      <EditableSection
        id="staff-cards"
        title={t('staff.cards')}
        prefix="membership"
        state={cards}
        failedTitle={t('vip.listFailed')}
        headers={[t('staff.name'), t('staff.cardTypeLabel'), t('staff.price'), t('staff.days')]}
        onCreate={() => setForm(cardForm())}
        onEdit={(card) => setForm(cardForm(card))}
        cells={(card) => (
          <>
            <td>
              {card.name}{' '}
              {card.tags.map((tag) => (
                <Tag key={tag} minimal>
                  {t(`staff.tag.${tag}`)}
                </Tag>
              ))}
            </td>
            <td>{t(`staff.cardType.${card.type}`)}</td>
            <td>{formatFen(card.priceFen)}</td>
            <td>{card.durationDays}</td>
          </>
        )}
      />
      <EditableSection
        id="staff-rights"
        title={t('staff.rights')}
        prefix="bms.right"
        state={rights}
        failedTitle={t('vip.listFailed')}
        headers={[t('staff.code'), t('staff.name'), t('staff.isDefault')]}
        onCreate={() => setForm(rightForm())}
        onEdit={(right) => setForm(rightForm(right))}
        cells={(right) => (
          <>
            <td className="xa-mono">{right.code}</td>
            <td>{right.name}</td>
            <td>{right.isDefault ? '✓' : ''}</td>
          </>
        )}
      />
      <EditableSection
        id="staff-goods"
        title={t('staff.goods')}
        prefix="bms.aiTokenGoods"
        state={goods}
        failedTitle={t('packages.failed')}
        headers={[t('staff.name'), t('staff.tokens'), t('staff.price')]}
        onCreate={() => setForm(goodsForm())}
        onEdit={(pack) => setForm(goodsForm(pack))}
        cells={(pack) => (
          <>
            <td>{pack.name}</td>
            <td>{pack.tokens}</td>
            <td>{formatFen(pack.priceFen)}</td>
          </>
        )}
      />
      <StaffForm request={form} onClose={() => setForm(null)} />
    </section>
  );
}
