import {
  Button,
  Callout,
  Checkbox,
  Dialog,
  DialogBody,
  DialogFooter,
  FileInput,
  HTMLTable,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { PackageProblemPreview } from '../../../../contract/question/packages.ts';
import type { PackageArea } from '../../../../machines/question-packages/machine.ts';
import {
  selectCanImport,
  selectChosen,
  selectFileName,
  selectImportBusy,
  selectImportError,
  selectImportMessages,
  selectImportStep,
  selectImportedCount,
  selectPreview,
} from '../../../../machines/question-packages/selectors.ts';
import { useQuestionPackagesEvents, useQuestionPackagesView } from './hooks.ts';

/**
 * Import a problem package (issue 14 item 3): choose a Polygon, Hydro or QDUOJ zip or an FPS
 * XML file, read what the server found in it — per problem its limits, cases, checker, I/O,
 * subtasks, pictures and what could not be carried over — choose which problems to take, and
 * import them in one go (all of them or none). A refused package shows the server's message,
 * which names the file; the file stays chosen, and choosing another starts over.
 */
export function PackageImportDialog({
  area,
  isOpen,
  onClose,
}: {
  area: PackageArea;
  isOpen: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const events = useQuestionPackagesEvents();
  const step = useQuestionPackagesView(selectImportStep);
  const busy = useQuestionPackagesView(selectImportBusy);
  const fileName = useQuestionPackagesView(selectFileName);
  const preview = useQuestionPackagesView(selectPreview);
  const chosen = useQuestionPackagesView(selectChosen);
  const error = useQuestionPackagesView(selectImportError);
  const messages = useQuestionPackagesView(selectImportMessages);
  const canImport = useQuestionPackagesView(selectCanImport);
  const imported = useQuestionPackagesView(selectImportedCount);
  const importing = step === 'importing';
  const problems = preview?.problems ?? [];

  const close = () => {
    // An import on the wire cannot be called back: the dialog waits for its answer.
    if (importing) return;
    events.reset();
    onClose();
  };

  return (
    <Dialog
      isOpen={isOpen}
      onClose={close}
      title={t('questionBank.import.title')}
      style={{ width: 'min(1100px, 96vw)' }}
      canEscapeKeyClose={!importing}
      canOutsideClickClose={false}
    >
      <DialogBody>
        <p className="xa-muted">{t('questionBank.import.hint')}</p>
        <FileInput
          fill
          text={fileName || t('questionBank.import.choose')}
          hasSelection={fileName !== ''}
          buttonText={t('questionBank.import.browse')}
          disabled={importing}
          inputProps={{
            accept: '.zip,.xml,application/zip,text/xml,application/xml',
            'aria-label': t('questionBank.import.file'),
            id: 'question-package-file',
          }}
          onInputChange={(e) => {
            const input = e.currentTarget;
            const file = input.files?.[0];
            // Cleared, so choosing the same file again after fixing it is a change too.
            input.value = '';
            if (file) events.preview(area, file);
          }}
        />
        {step === 'previewing' && (
          <p className="xa-muted" role="status" data-testid="package-previewing">
            <Spinner size={16} /> {t('questionBank.import.previewing', { name: fileName })}
          </p>
        )}
        {error && (
          <Callout
            intent="danger"
            role="alert"
            title={t('questionBank.import.refused')}
            data-testid="package-error"
          >
            {messages.length === 0 && t('questionBank.import.unknownError')}
            {messages.length === 1 && messages[0]}
            {messages.length > 1 && (
              <ul>
                {messages.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            )}
          </Callout>
        )}
        {imported > 0 && (
          <Callout intent="success" role="status" data-testid="package-imported">
            {t('questionBank.import.importedHint', { count: imported })}
          </Callout>
        )}
        {preview && step !== 'done' && (
          <>
            <p className="xa-package-summary" data-testid="package-summary">
              {t('questionBank.import.summary', {
                format: preview.formatName,
                count: problems.length,
              })}
            </p>
            <HTMLTable
              className="xa-table xa-package-preview"
              compact
              striped
              data-testid="package-preview"
            >
              <thead>
                <tr>
                  <th>
                    {problems.length > 1 ? (
                      <Checkbox
                        inline
                        aria-label={t('questionBank.import.chooseAll')}
                        checked={chosen.length === problems.length}
                        indeterminate={chosen.length > 0 && chosen.length < problems.length}
                        disabled={busy}
                        onChange={(e) => events.chooseAll(e.currentTarget.checked)}
                      />
                    ) : (
                      t('questionBank.import.take')
                    )}
                  </th>
                  <th>{t('questionBank.import.problem')}</th>
                  <th>{t('questionBank.import.limits')}</th>
                  <th>{t('questionBank.import.cases')}</th>
                  <th>{t('questionBank.import.checker')}</th>
                  <th>{t('questionBank.import.io')}</th>
                  <th>{t('questionBank.import.scoring')}</th>
                  <th>{t('questionBank.import.images')}</th>
                </tr>
              </thead>
              <tbody>
                {problems.map((p) => (
                  <PreviewRows
                    key={p.index}
                    problem={p}
                    chosen={chosen.includes(p.index)}
                    disabled={busy}
                    onToggle={() => events.toggle(p.index)}
                  />
                ))}
              </tbody>
            </HTMLTable>
          </>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('questionBank.import.close')} disabled={importing} onClick={close} />
            {step !== 'done' && (
              <Button
                intent="primary"
                text={t('questionBank.import.confirm', { count: chosen.length })}
                loading={importing}
                disabled={busy || !canImport}
                onClick={() => events.importChosen()}
                data-testid="package-import"
              />
            )}
          </>
        }
      />
    </Dialog>
  );
}

/** One problem of the preview, and what the reader warned about it under it. */
function PreviewRows({
  problem: p,
  chosen,
  disabled,
  onToggle,
}: {
  problem: PackageProblemPreview;
  chosen: boolean;
  disabled: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <tr data-testid="package-problem">
        <td>
          <Checkbox
            inline
            aria-label={t('questionBank.import.takeOne', { title: p.title })}
            checked={chosen}
            disabled={disabled}
            onChange={onToggle}
          />
        </td>
        <td>
          <strong>{p.title}</strong>
          <div className="xa-muted">{p.origin}</div>
          {p.tags.length > 0 && (
            <div>
              {p.tags.map((tag) => (
                <Tag key={tag} minimal>
                  {tag}
                </Tag>
              ))}
            </div>
          )}
        </td>
        <td className="xa-nowrap" data-testid="package-limits">
          {t('questionBank.import.limitsValue', {
            time: p.timeLimitMs,
            memory: p.memoryLimitMiB,
          })}
        </td>
        <td data-testid="package-cases">
          {t('questionBank.import.casesValue', { count: p.caseCount })}
          {p.samples > 0 && (
            <div className="xa-muted">
              {t('questionBank.import.samplesValue', { count: p.samples })}
            </div>
          )}
        </td>
        <td data-testid="package-checker">{p.checkerName}</td>
        <td data-testid="package-io">
          {p.ioText}
          {p.io.mode === 'file' && (
            <div>
              <Tag minimal intent="primary">
                {t('questionBank.import.fileIo')}
              </Tag>
            </div>
          )}
          {p.interactive && (
            <div>
              <Tag minimal intent="primary">
                {t('questionBank.import.interactive')}
              </Tag>
            </div>
          )}
        </td>
        <td>{p.scoringText}</td>
        <td>{p.images}</td>
      </tr>
      {p.warnings.length > 0 && (
        <tr data-testid="package-warnings">
          <td />
          <td colSpan={7}>
            <Callout intent="warning" compact title={t('questionBank.import.warnings')}>
              <ul>
                {p.warnings.map((warning) => (
                  <li key={warning}>{warning}</li>
                ))}
              </ul>
            </Callout>
          </td>
        </tr>
      )}
    </>
  );
}
