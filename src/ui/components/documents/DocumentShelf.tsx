import { Alert, Button, Dialog, DialogBody, HTMLSelect, InputGroup, Tag } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { documentPublication } from '../../../machines/lifecycles/member-document.ts';
import { useRuntime } from '../../app/context.ts';
import { useStaffWrite } from '../../app/use-staff-write.ts';
import { dictItems } from '../../app/course-queries.ts';
import {
  writerDocument,
  writerDocuments,
  type DocumentArea,
  type DocumentFilter,
  type DocumentItem,
  type WriterRow,
} from '../../app/document-queries.ts';
import { usePageParam } from '../../app/use-page-param.ts';
import { useQuery } from '../../app/use-query.ts';
import { formatDate } from '../../format.ts';
import { PagedTable } from '../PagedTable.tsx';
import { LifecycleButtons } from '../staff/LifecycleButtons.tsx';
import { StaffEditOutcome } from '../staff/StaffEditOutcome.tsx';
import { StaffForm, type StaffFormRequest } from '../staff/StaffForm.tsx';
import { DocumentBody } from './DocumentBody.tsx';
import { documentForm, KINDS_OF_AREA, type DocumentKind } from './document-form.tsx';
import { DOCUMENT_TAG_DICT } from '../../../contract/member-document/tags.ts';
import './documents.css';

/** What learners write: the kinds a read-only list of their documents holds. */
const PERSONAL_KINDS = KINDS_OF_AREA.oj;

type Confirm = { action: 'delete' | 'publish'; row: WriterRow } | null;

/**
 * One shelf of documents as its writer sees it (a learner's own, a school's, the platform's):
 * search and filter by kind, write a new one of each kind the area writes, edit, publish (saying
 * who will then see it), unpublish and delete (after a confirmation). Rows the caller may only
 * read (a student's published note in a teacher's list) open read-only. Every write goes through
 * the staffEdit machine, whose refusals name the field.
 */
export function DocumentShelf({
  area,
  base,
  heading,
  testId,
  readOnly = false,
}: {
  area: DocumentArea;
  /** What the shelf always lists (`{ mine: true }`, `{ space: 'platform' }` …). */
  base: DocumentFilter;
  heading: string;
  testId: string;
  /** Read-only: a teacher's view of their students' published documents. */
  readOnly?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const runtime = useRuntime();
  const { staffEdit } = runtime.actors;
  const busy = useSelector(staffEdit, (s) => s.matches('working'));
  const [page, setPage] = usePageParam(`${testId}-page`);
  const [kind, setKind] = useState<DocumentKind | ''>('');
  const [keyword, setKeyword] = useState('');
  const [search, setSearch] = useState('');
  const filter: DocumentFilter = {
    ...base,
    ...(kind ? { kind } : {}),
    ...(search ? { keyword: search } : {}),
  };
  const documents = useQuery(writerDocuments(runtime, area, filter, page));
  const tags = useQuery(dictItems(runtime, DOCUMENT_TAG_DICT));
  const tagOptions = (tags.data ?? []).map((i) => ({ value: i.value, label: i.label }));
  const [form, setForm] = useState<StaffFormRequest | null>(null);
  const [viewing, setViewing] = useState<DocumentItem | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const kinds = readOnly ? [] : KINDS_OF_AREA[area];

  const write = useStaffWrite();
  const open = async (row: WriterRow) => {
    const document = await writerDocument(runtime, area, row.id);
    if (row.editable) setForm(documentForm(t, area, document.kind, document, tagOptions));
    else setViewing(document);
  };

  return (
    <section className="xa-section" aria-labelledby={`${testId}-title`}>
      <h2 id={`${testId}-title`}>{heading}</h2>
      <p className="xa-muted">
        {readOnly
          ? t(area === 'bms' ? 'documents.moderationHint' : 'documents.studentsHint')
          : t(`documents.audience.${area}`)}
      </p>
      <div className="xa-document-toolbar">
        {kinds.map((k) => (
          <Button
            key={k}
            size="small"
            icon="plus"
            text={t('documents.create', { kind: t(`documents.kinds.${k}`) })}
            onClick={() => setForm(documentForm(t, area, k, null, tagOptions))}
            data-testid={`${testId}-create-${k}`}
          />
        ))}
        <HTMLSelect
          aria-label={t('documents.kind')}
          value={kind}
          onChange={(e) => {
            setKind(e.currentTarget.value as DocumentKind | '');
            setPage(0);
          }}
          options={[
            { value: '', label: t('documents.allKinds') },
            ...(readOnly ? PERSONAL_KINDS : KINDS_OF_AREA[area]).map((k) => ({
              value: k,
              label: t(`documents.kinds.${k}`),
            })),
          ]}
        />
        <InputGroup
          leftIcon="search"
          placeholder={t('documents.searchPlaceholder')}
          aria-label={t('documents.search')}
          value={keyword}
          onValueChange={setKeyword}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              setSearch(keyword.trim());
              setPage(0);
            }
          }}
        />
      </div>
      <StaffEditOutcome besideForm />
      <PagedTable
        state={documents}
        failedTitle={t('documents.listFailed')}
        empty={{ title: t('documents.shelfEmpty'), description: t('documents.shelfEmptyHint') }}
        headers={[
          t('documents.fieldTitle'),
          t('documents.kind'),
          t('documents.state'),
          t('documents.updatedAt'),
          t('orders.actions'),
        ]}
        testId={testId}
        page={page}
        onPage={setPage}
        row={(d) => (
          <tr key={d.id}>
            <td>
              {d.title}
              {d.paid && (
                <Tag minimal intent="warning" style={{ marginLeft: 4 }}>
                  {t('documents.paid')}
                </Tag>
              )}
              {!d.editable && <div className="xa-muted">{d.ownerName}</div>}
            </td>
            <td>{t(`documents.kinds.${d.kind}`)}</td>
            <td>{t(`documents.states.${d.state}`)}</td>
            <td>{formatDate(d.updatedAt, i18n.language)}</td>
            <td>
              <Button
                size="small"
                variant="outlined"
                text={d.editable ? t('staff.edit') : t('documents.view')}
                onClick={() => void open(d)}
                data-testid={`${testId}-open`}
              />
              {(d.editable || area === 'bms') && (
                <LifecycleButtons
                  lifecycle={documentPublication}
                  state={d.state}
                  offered={
                    d.editable ? (['publish', 'unpublish'] as const) : (['unpublish'] as const)
                  }
                  label={(action) => t(`documents.${action}`)}
                  busy={busy}
                  testIdPrefix={testId}
                  callOf={(action) => `${area}.memberDocument.${action}`}
                  onAct={(action) =>
                    action === 'publish'
                      ? setConfirm({ action, row: d })
                      : write(`${area}.memberDocument.unpublish`, { id: d.id })
                  }
                />
              )}
              {d.editable && (
                <Button
                  size="small"
                  variant="outlined"
                  intent="danger"
                  disabled={busy}
                  text={t('staff.delete')}
                  onClick={() => setConfirm({ action: 'delete', row: d })}
                  data-testid={`${testId}-delete`}
                />
              )}
            </td>
          </tr>
        )}
      />
      <Alert
        isOpen={confirm !== null}
        intent={confirm?.action === 'delete' ? 'danger' : 'primary'}
        cancelButtonText={t('checkout.close')}
        confirmButtonText={confirm ? t(`documents.confirm.${confirm.action}`) : ''}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          if (confirm) write(`${area}.memberDocument.${confirm.action}`, { id: confirm.row.id });
          setConfirm(null);
        }}
      >
        {confirm?.action === 'delete'
          ? t('documents.confirmDelete', { title: confirm.row.title })
          : t('documents.confirmPublish', {
              title: confirm?.row.title ?? '',
              audience: t(`documents.audience.${area}`),
            })}
      </Alert>
      <StaffForm request={form} onClose={() => setForm(null)} />
      <Dialog
        isOpen={viewing !== null}
        onClose={() => setViewing(null)}
        style={{ width: 'min(900px, 95vw)' }}
      >
        <DialogBody>{viewing && <DocumentBody document={viewing} />}</DialogBody>
      </Dialog>
    </section>
  );
}
