import { Button, Callout, Checkbox, FileInput, HTMLTable, Tag } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { organization as orgApi } from '../../../../contract/organization/refs.ts';
import { useRuntime } from '../../../app/context.ts';
import { submitStaffWrite } from '../../../../machines/staff-edit/events.ts';
import { selectAnswer } from '../../../../machines/staff-edit/selectors.ts';

const CALL = 'edms.organizationMember.batchImport';
/** The server refuses more; saying so before the upload saves a round trip. */
const MAX_BYTES = 1024 * 1024;

/**
 * Import learners from a spreadsheet (organizationMember/batchImport): the template, a check
 * without saving, then the import; one line per row with its outcome — created, linked to an
 * existing user of the organization, invited (待学员确认: registered in another organization, named
 * masked), or refused with the column and the reason — and passwords generated shown once.
 */
export function MemberImport() {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const { staffEdit } = runtime.actors;
  const [file, setFile] = useState<File | null>(null);
  const [dryRun, setDryRun] = useState(false);
  const [tooBig, setTooBig] = useState(false);
  const busy = useSelector(staffEdit, (s) => s.matches('working'));
  const result = useSelector(staffEdit, (s) => selectAnswer(s, [CALL]));
  const error = useSelector(staffEdit, (s) =>
    s.matches('failed') && s.context.last?.call === CALL ? s.context.error : null,
  );
  return (
    <section className="xa-section" aria-labelledby="member-import">
      <h3 id="member-import">
        {t('staffPeople.import')}{' '}
        <Button
          size="small"
          icon="download"
          text={t('staffPeople.template')}
          onClick={() =>
            runtime.commands.download(orgApi['edms.organizationMember.downloadTemplate'], {})
          }
        />
      </h3>
      <p className="xa-muted">{t('staffPeople.importHint')}</p>
      <div className="xa-exam-actions">
        <FileInput
          text={file?.name ?? t('staffPeople.chooseFile')}
          buttonText={t('staffPeople.browse')}
          inputProps={{
            accept: '.xlsx',
            'aria-label': t('staffPeople.file'),
            id: 'member-import-file',
          }}
          onInputChange={(e) => {
            const chosen = e.currentTarget.files?.[0] ?? null;
            setTooBig(chosen !== null && chosen.size > MAX_BYTES);
            setFile(chosen);
          }}
        />
        <Checkbox
          inline
          label={t('staffPeople.dryRun')}
          checked={dryRun}
          onChange={(e) => setDryRun(e.currentTarget.checked)}
        />
        <Button
          intent="primary"
          disabled={busy || !file || tooBig}
          text={dryRun ? t('staffPeople.check') : t('staffPeople.doImport')}
          onClick={() =>
            file && submitStaffWrite(staffEdit, CALL, { file, dryRun: dryRun ? 'true' : 'false' })
          }
          data-testid="member-import"
        />
      </div>
      {tooBig && (
        <p className="xa-field-error" role="alert">
          {t('staffPeople.tooBig')}
        </p>
      )}
      {error && <Callout intent="danger">{error.message}</Callout>}
      {result && (
        <>
          <p role="status" data-testid="import-summary">
            {t(result.dryRun ? 'staffPeople.checked' : 'staffPeople.imported', result)}
          </p>
          <HTMLTable className="xa-table" striped data-testid="import-result">
            <thead>
              <tr>
                <th>{t('staffPeople.row')}</th>
                <th>{t('staffPeople.nickname')}</th>
                <th>{t('staffPeople.login')}</th>
                <th>{t('staffPeople.outcomeLabel')}</th>
                <th>{t('staffPeople.reason')}</th>
                <th>{t('staffPeople.initialPassword')}</th>
              </tr>
            </thead>
            <tbody>
              {result.rows.map((r) => (
                <tr key={r.row} data-outcome={r.outcome}>
                  <td>{r.row}</td>
                  <td>{r.nickname}</td>
                  <td>{r.key}</td>
                  <td>
                    <Tag
                      minimal
                      intent={
                        r.outcome === 'refused'
                          ? 'danger'
                          : r.outcome === 'created'
                            ? 'success'
                            : r.outcome === 'pending'
                              ? 'warning'
                              : 'primary'
                      }
                    >
                      {t(`staffPeople.outcome.${r.outcome}`)}
                    </Tag>
                  </td>
                  {/* The server's message names the field once, in Chinese (member-import.ts). */}
                  <td className="xa-muted" data-testid="import-reason">
                    {r.outcome === 'refused' || r.outcome === 'pending' ? r.message : ''}
                  </td>
                  <td className="xa-mono">{r.initialPassword ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </>
      )}
    </section>
  );
}
