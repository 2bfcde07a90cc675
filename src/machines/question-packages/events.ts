/** The package dialog's and the export buttons' intents. */
import type { Sender } from '../implementations.ts';
import type { ExportFormat, PackageArea, QuestionPackagesEvent } from './machine.ts';

export function questionPackagesEvents(actor: Sender<QuestionPackagesEvent>) {
  return {
    /** A file was chosen: upload it for the preview (nothing is saved yet). */
    preview: (area: PackageArea, file: File) =>
      actor.send({ type: 'PREVIEW', area, file, fileName: file.name, fileSize: file.size }),
    toggle: (index: number) => actor.send({ type: 'TOGGLE', index }),
    chooseAll: (all: boolean) => actor.send({ type: 'CHOOSE_ALL', all }),
    importChosen: () => actor.send({ type: 'IMPORT' }),
    reset: () => actor.send({ type: 'RESET' }),
    exportQuestions: (area: PackageArea, ids: number[], format: ExportFormat) =>
      actor.send({ type: 'EXPORT', area, ids, format }),
    dismissExport: () => actor.send({ type: 'EXPORT.DISMISS' }),
  };
}
