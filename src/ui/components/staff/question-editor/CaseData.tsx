import { Button, Callout, FileInput, HTMLTable } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { question as questionApi } from '../../../../contract/question/refs.ts';
import type { StaffArea } from '../../../app/class-staff-queries.ts';
import { useRuntime } from '../../../app/context.ts';
import type { EditedQuestion } from '../../../app/question-editor-queries.ts';
import { submitStaffWrite } from '../../../../machines/staff-edit/events.ts';
import { selectAnswer } from '../../../../machines/staff-edit/selectors.ts';

/** The server takes 32 MiB of upload (decisions.md "Zip test data"); say so before sending. */
const MAX_ZIP_BYTES = 32 * 1024 * 1024;
/** How much of a case's first bytes the preview shows on one line. */
const SHOWN_CHARS = 60;

const shorten = (text: string) =>
  text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}…` : text;

/**
 * A programming question's test data: how many cases it has, a zip of N.in/N.out checked on the
 * server without saving (unzipAndParse: case count, sizes, first bytes), then the cases replaced
 * by it (importZip, one transaction: a refused zip leaves the old cases), and the cases as a zip.
 */
export function CaseData({ area, question }: { area: StaffArea; question: EditedQuestion }) {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const { staffEdit } = runtime.actors;
  const [file, setFile] = useState<File | null>(null);
  const [tooBig, setTooBig] = useState(false);
  const parseCall = `${area}.question.unzipAndParse` as const;
  const importCall = `${area}.question.importZip` as const;

  const working = useSelector(
    staffEdit,
    (s) =>
      s.matches('working') &&
      (s.context.last?.call === parseCall || s.context.last?.call === importCall),
  );
  const preview = useSelector(staffEdit, (s) =>
    s.context.last?.body.file === file ? selectAnswer(s, [parseCall]) : null,
  );
  const imported = useSelector(staffEdit, (s) =>
    s.context.last?.body.id === question.id ? selectAnswer(s, [importCall]) : null,
  );
  const refusal = useSelector(staffEdit, (s) =>
    s.matches('failed') &&
    (s.context.last?.call === parseCall || s.context.last?.call === importCall) &&
    s.context.last.body.file === file
      ? s.context.error
      : null,
  );

  const choose = (chosen: File | null) => {
    const big = chosen !== null && chosen.size > MAX_ZIP_BYTES;
    setTooBig(big);
    setFile(chosen);
    if (chosen && !big) submitStaffWrite(staffEdit, parseCall, { file: chosen });
  };

  const inputBytes = preview?.cases.reduce((n, c) => n + c.inputBytes, 0) ?? 0;
  const answerBytes = preview?.cases.reduce((n, c) => n + c.answerBytes, 0) ?? 0;

  return (
    <section className="xa-section" aria-labelledby="qe-cases">
      <h2 id="qe-cases">{t('questionEditor.cases')}</h2>
      <p data-testid="qe-case-count">
        {t('questionEditor.caseCount', { count: question.caseCount })}{' '}
        <Button
          size="small"
          icon="download"
          disabled={question.caseCount === 0}
          text={t('questionEditor.downloadCases')}
          onClick={() =>
            runtime.commands.download(questionApi[`${area}.question.exportCase`], {
              body: { id: question.id },
            })
          }
        />
      </p>
      <p className="xa-muted">{t('questionEditor.casesHint')}</p>
      <FileInput
        text={file?.name ?? t('questionEditor.chooseZip')}
        buttonText={t('questionEditor.browse')}
        inputProps={{ accept: '.zip', 'aria-label': t('questionEditor.zipFile'), id: 'qe-zip' }}
        onInputChange={(e) => choose(e.currentTarget.files?.[0] ?? null)}
      />
      {tooBig && (
        <p className="xa-field-error" role="alert">
          {t('questionEditor.zipTooBig')}
        </p>
      )}
      {refusal && (
        <Callout intent="danger" role="alert" data-testid="qe-zip-refused">
          {refusal.message}
        </Callout>
      )}
      {imported && (
        <Callout intent="success" role="status" data-testid="qe-zip-imported">
          {t('questionEditor.casesReplaced', { count: imported.caseCount })}
        </Callout>
      )}
      {preview && !imported && (
        <div data-testid="qe-zip-preview">
          <p role="status">
            {t('questionEditor.previewSummary', {
              count: preview.caseCount,
              input: inputBytes,
              answer: answerBytes,
            })}
          </p>
          <HTMLTable className="xa-table" striped compact>
            <thead>
              <tr>
                <th>{t('questionEditor.caseIndex')}</th>
                <th>{t('questionEditor.inputBytes')}</th>
                <th>{t('questionEditor.answerBytes')}</th>
                <th>{t('questionEditor.inputStart')}</th>
                <th>{t('questionEditor.answerStart')}</th>
              </tr>
            </thead>
            <tbody>
              {preview.cases.map((c) => (
                <tr key={c.index}>
                  <td>{c.index}</td>
                  <td>{c.inputBytes}</td>
                  <td>{c.answerBytes}</td>
                  <td className="xa-mono xa-qe-bytes">{shorten(c.inputPreview)}</td>
                  <td className="xa-mono xa-qe-bytes">{shorten(c.answerPreview)}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
          <Button
            intent="primary"
            disabled={working || !file}
            loading={working}
            text={t('questionEditor.replaceCases', {
              count: preview.caseCount,
              current: question.caseCount,
            })}
            data-testid="qe-zip-import"
            onClick={() =>
              file && submitStaffWrite(staffEdit, importCall, { id: question.id, file })
            }
          />
        </div>
      )}
    </section>
  );
}
