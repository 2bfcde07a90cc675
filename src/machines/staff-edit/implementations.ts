/** The back office's writes over the transport; refusals show in the form that asked. */
import { fromPromise } from 'xstate';
import type { CallRef } from '../../contract/call.ts';
import { refs } from '../../contract/refs.ts';
import type { Transport } from '../../transport/client.ts';
import type { FeatureImplementations } from '../implementations.ts';
import type { staffEditMachine } from './machine.ts';

/**
 * A multipart call (a spreadsheet upload) sends its body as form fields; a File stays a file.
 * The event log keeps only the body's plain fields, which is all a replay needs.
 */
function multipartOf(body: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) {
    if (value instanceof Blob) form.append(name, value);
    else if (value !== undefined && value !== null) form.append(name, String(value));
  }
  return form;
}

export function createStaffEditImplementations(deps: {
  transport: Transport;
  onChanged: () => void;
  /** A write succeeded: show a transient 已保存 (toast id from the write's number). */
  onSaved: (seq: number) => void;
}): FeatureImplementations<typeof staffEditMachine> {
  return {
    actors: {
      write: fromPromise(({ input, signal }) => {
        // A staff write is the contract's call of the same id (src/contract/refs.ts).
        const call: CallRef = refs[input.call];
        const body = call.requestKind === 'multipart' ? multipartOf(input.body) : input.body;
        return deps.transport.call(call, {
          body: body as never,
          skipErrorHandler: true,
          signal,
        });
      }),
    },
    actions: {
      changed: () => deps.onChanged(),
      saved: (_, { seq }) => deps.onSaved(seq),
    },
  };
}
