/**
 * Problem packages on the question bank's staff screen (issue 14 items 3 and 4): bring another
 * judge's package in after a preview, and take questions out as a Hydro zip or FPS XML.
 *
 * Two independent regions, so an export may run while a preview waits for its confirmation:
 *
 *   import:  idle ─PREVIEW─► previewing ─► previewed | failed
 *            previewed ─IMPORT─► importing ─► done | failed
 *            (PREVIEW from any settled state starts over with another file; RESET closes)
 *   export:  idle ─EXPORT─► exporting ─► exported | failed
 *
 * The package is uploaded twice, once to preview and once to import (the server keeps nothing
 * between the two), so the chosen file stays in the context until another is chosen. A File
 * logs as `{}`: the event log keeps its name and size beside it, which is what QA reads, and
 * replay reaches the same context because the recorded state holds `{}` as well.
 */
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import type { PackageFormatName, PackageProblemPreview } from '../../contract/question/packages.ts';
import { describeError, serverFieldErrors, type ErrorInfo, type FieldError } from '../errors.ts';
import { notProvided } from '../not-provided.ts';

export type PackageArea = 'bms' | 'edms';
export type ExportFormat = 'hydro' | 'fps';

export interface PackagePreviewAnswer {
  format: PackageFormatName;
  formatName: string;
  problems: PackageProblemPreview[];
}

export interface PackageUpload {
  area: PackageArea;
  file: Blob;
  /** Sent as the upload's file name: the server's messages name the file by it. */
  fileName: string;
}

export interface PackageImportRequest extends PackageUpload {
  /** 1-based positions in the package (the preview's `index`). */
  items: number[];
}

export interface PackageExportRequest {
  area: PackageArea;
  ids: number[];
  format: ExportFormat;
}

/** What the export keeps of the download: the bytes went to the browser, not into the log. */
export interface ExportedPackage {
  fileName: string;
  /** What the format could not carry, one sentence per loss (FPS). */
  notes: string[];
}

export interface QuestionPackagesContext {
  area: PackageArea;
  file: Blob | null;
  fileName: string;
  fileSize: number;
  preview: PackagePreviewAnswer | null;
  /** The problems chosen for import, by their 1-based index, in package order. */
  chosen: number[];
  /** Which step the import region's failure belongs to. */
  failedStep: 'preview' | 'import' | null;
  error: ErrorInfo | null;
  /**
   * What the server said of each field it refused: a package's fault comes as a refusal of
   * `file` whose message names the file (and the problem), clearer than the summary line.
   */
  fieldErrors: FieldError[];
  importedIds: number[];
  exportRequest: PackageExportRequest | null;
  exported: ExportedPackage | null;
  exportError: ErrorInfo | null;
}

export type QuestionPackagesEvent =
  | { type: 'PREVIEW'; area: PackageArea; file: Blob; fileName: string; fileSize: number }
  | { type: 'TOGGLE'; index: number }
  | { type: 'CHOOSE_ALL'; all: boolean }
  | { type: 'IMPORT' }
  | { type: 'RESET' }
  | ({ type: 'EXPORT' } & PackageExportRequest)
  | { type: 'EXPORT.DISMISS' };

export type QuestionPackagesEmitted = { type: 'imported'; ids: number[] };

const noImport = {
  file: null,
  fileName: '',
  fileSize: 0,
  preview: null,
  chosen: [] as number[],
  failedStep: null,
  error: null,
  fieldErrors: [] as FieldError[],
  importedIds: [] as number[],
};

export const questionPackagesMachine = setup({
  types: {
    context: {} as QuestionPackagesContext,
    events: {} as QuestionPackagesEvent,
    emitted: {} as QuestionPackagesEmitted,
  },
  actors: {
    preview: fromPromise<PackagePreviewAnswer, PackageUpload>(notProvided('preview')),
    importPackage: fromPromise<{ ids: number[] }, PackageImportRequest>(
      notProvided('importPackage'),
    ),
    exportPackage: fromPromise<ExportedPackage, PackageExportRequest>(notProvided('exportPackage')),
  },
  actions: {
    /** Questions were added: the bank's lists reload. */
    changed: () => undefined,
    takeFile: assign(({ event }) => {
      assertEvent(event, 'PREVIEW');
      return {
        ...noImport,
        area: event.area,
        file: event.file,
        fileName: event.fileName,
        fileSize: event.fileSize,
      };
    }),
  },
  guards: {
    canImport: ({ context }) => context.preview !== null && context.chosen.length > 0,
  },
}).createMachine({
  id: 'questionPackages',
  type: 'parallel',
  context: {
    area: 'bms',
    ...noImport,
    exportRequest: null,
    exported: null,
    exportError: null,
  },
  states: {
    import: {
      initial: 'idle',
      states: {
        idle: {
          on: { PREVIEW: { target: 'previewing', actions: 'takeFile' } },
        },
        previewing: {
          on: {
            // Another file replaces this one: leaving the state cancels its upload.
            PREVIEW: { target: 'previewing', reenter: true, actions: 'takeFile' },
            RESET: { target: 'idle', actions: assign(noImport) },
          },
          invoke: {
            id: 'preview',
            src: 'preview',
            input: ({ context }) => ({
              area: context.area,
              file: context.file!,
              fileName: context.fileName,
            }),
            onDone: {
              target: 'previewed',
              actions: assign({
                preview: ({ event }) => event.output,
                // Everything is chosen at first; an FPS file of many is trimmed by hand.
                chosen: ({ event }) => event.output.problems.map((p) => p.index),
              }),
            },
            onError: {
              target: 'failed',
              actions: assign({
                failedStep: 'preview',
                error: ({ event }) => describeError(event.error),
                fieldErrors: ({ event }) => serverFieldErrors(event.error),
              }),
            },
          },
        },
        previewed: {
          on: {
            PREVIEW: { target: 'previewing', actions: 'takeFile' },
            RESET: { target: 'idle', actions: assign(noImport) },
            TOGGLE: {
              actions: assign({
                chosen: ({ context, event }) =>
                  context.chosen.includes(event.index)
                    ? context.chosen.filter((i) => i !== event.index)
                    : (context.preview?.problems ?? [])
                        .map((p) => p.index)
                        .filter((i) => i === event.index || context.chosen.includes(i)),
              }),
            },
            CHOOSE_ALL: {
              actions: assign({
                chosen: ({ context, event }) =>
                  event.all ? (context.preview?.problems ?? []).map((p) => p.index) : [],
              }),
            },
            IMPORT: { target: 'importing', guard: 'canImport' },
          },
        },
        importing: {
          // An import cannot be called back once sent: closing waits for its answer.
          invoke: {
            id: 'importPackage',
            src: 'importPackage',
            input: ({ context }) => ({
              area: context.area,
              file: context.file!,
              fileName: context.fileName,
              items: context.chosen,
            }),
            onDone: {
              target: 'done',
              actions: [
                assign({ importedIds: ({ event }) => event.output.ids }),
                'changed',
                emit(({ event }) => ({ type: 'imported' as const, ids: event.output.ids })),
              ],
            },
            onError: {
              target: 'failed',
              actions: assign({
                failedStep: 'import',
                error: ({ event }) => describeError(event.error),
                fieldErrors: ({ event }) => serverFieldErrors(event.error),
              }),
            },
          },
        },
        done: {
          on: {
            PREVIEW: { target: 'previewing', actions: 'takeFile' },
            RESET: { target: 'idle', actions: assign(noImport) },
          },
        },
        failed: {
          on: {
            PREVIEW: { target: 'previewing', actions: 'takeFile' },
            RESET: { target: 'idle', actions: assign(noImport) },
            // A refused import keeps its preview: try again once the cause is fixed.
            IMPORT: {
              target: 'importing',
              guard: 'canImport',
              actions: assign({ failedStep: null, error: null, fieldErrors: [] }),
            },
          },
        },
      },
    },
    export: {
      initial: 'idle',
      states: {
        idle: {},
        exporting: {
          // One export at a time: a second click while one runs changes nothing.
          on: { EXPORT: { actions: [] }, 'EXPORT.DISMISS': { actions: [] } },
          invoke: {
            id: 'exportPackage',
            src: 'exportPackage',
            input: ({ context }) => context.exportRequest!,
            onDone: {
              target: 'exported',
              actions: assign({ exported: ({ event }) => event.output }),
            },
            onError: {
              target: 'failed',
              actions: assign({ exportError: ({ event }) => describeError(event.error) }),
            },
          },
        },
        exported: {},
        failed: {},
      },
      on: {
        EXPORT: {
          target: '.exporting',
          actions: assign(({ event }) => ({
            exportRequest: { area: event.area, ids: event.ids, format: event.format },
            exported: null,
            exportError: null,
          })),
        },
        'EXPORT.DISMISS': {
          target: '.idle',
          actions: assign({ exportRequest: null, exported: null, exportError: null }),
        },
      },
    },
  },
});
