/**
 * Problem packages over the transport: previewPackage and importPackage upload the file as
 * multipart (never sealed, like every upload), exportPackage answers the file, which the
 * transport hands to the browser as a download. Refusals come back to the machine without the
 * global red notification: the dialog shows them where the user is looking.
 */
import { fromPromise } from 'xstate';
import { question } from '../../contract/question/refs.ts';
import type { Transport } from '../../transport/client.ts';
import type { FeatureImplementations } from '../implementations.ts';
import type { questionPackagesMachine } from './machine.ts';

/** The file under its own name, so the server's messages name the file the user chose. */
function formOf(file: Blob, fileName: string, items: readonly number[] = []): FormData {
  const form = new FormData();
  form.append('file', file, fileName);
  for (const item of items) form.append('items', String(item));
  return form;
}

export function createQuestionPackagesImplementations(deps: {
  transport: Transport;
  onChanged: () => void;
}): FeatureImplementations<typeof questionPackagesMachine> {
  const { transport } = deps;
  return {
    actors: {
      preview: fromPromise(({ input, signal }) =>
        transport.call(question[`${input.area}.question.previewPackage`], {
          body: formOf(input.file, input.fileName) as never,
          skipErrorHandler: true,
          signal,
        }),
      ),
      importPackage: fromPromise(({ input, signal }) =>
        transport.call(question[`${input.area}.question.importPackage`], {
          body: formOf(input.file, input.fileName, input.items) as never,
          skipErrorHandler: true,
          signal,
        }),
      ),
      exportPackage: fromPromise(async ({ input, signal }) => {
        const file = await transport.call(question[`${input.area}.question.exportPackage`], {
          body: { ids: input.ids, format: input.format },
          skipErrorHandler: true,
          signal,
        });
        // The bytes are the browser's download now; the machine (and its log) keeps the name.
        return { fileName: file.fileName, notes: file.notes ?? [] };
      }),
    },
    actions: { changed: () => deps.onChanged() },
  };
}
