/** What the package dialog and the export buttons read of a snapshot, named once. */
import type { SnapshotFrom } from 'xstate';
import type { questionPackagesMachine } from './machine.ts';

type Snapshot = SnapshotFrom<typeof questionPackagesMachine>;

export type ImportStep = 'idle' | 'previewing' | 'previewed' | 'importing' | 'done' | 'failed';

export function selectImportStep(s: Snapshot): ImportStep {
  for (const step of ['previewing', 'previewed', 'importing', 'done', 'failed'] as const) {
    if (s.matches({ import: step })) return step;
  }
  return 'idle';
}

/** A request runs: the dialog's buttons wait for it. */
export const selectImportBusy = (s: Snapshot) =>
  s.matches({ import: 'previewing' }) || s.matches({ import: 'importing' });
export const selectFileName = (s: Snapshot) => s.context.fileName;
export const selectPreview = (s: Snapshot) => s.context.preview;
export const selectChosen = (s: Snapshot) => s.context.chosen;
export const selectImportError = (s: Snapshot) =>
  s.matches({ import: 'failed' }) ? s.context.error : null;
/** The refusal's own sentences (naming the file and problem), else its summary line. */
export function selectImportMessages(s: Snapshot): string[] {
  if (!s.matches({ import: 'failed' })) return [];
  const fields = s.context.fieldErrors.map((f) => f.message);
  if (fields.length > 0) return fields;
  return s.context.error?.message ? [s.context.error.message] : [];
}
export const selectImportedCount = (s: Snapshot) =>
  s.matches({ import: 'done' }) ? s.context.importedIds.length : 0;
export const selectCanImport = (s: Snapshot) =>
  (s.matches({ import: 'previewed' }) || s.matches({ import: 'failed' })) &&
  s.context.preview !== null &&
  s.context.chosen.length > 0;

export const selectExporting = (s: Snapshot) => s.matches({ export: 'exporting' });
export const selectExported = (s: Snapshot) =>
  s.matches({ export: 'exported' }) ? s.context.exported : null;
export const selectExportError = (s: Snapshot) =>
  s.matches({ export: 'failed' }) ? s.context.exportError : null;
export const selectExportFormat = (s: Snapshot) => s.context.exportRequest?.format ?? null;
