import {
  Checkbox,
  Dialog,
  DialogBody,
  FormGroup,
  HTMLSelect,
  InputGroup,
  TextArea,
} from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { StaffWriteBody, StaffWriteCall } from '../../../machines/staff-edit/machine.ts';
import { useRuntime } from '../../app/context.ts';
import { firstRefusal, type ContractRules } from './contract-rules.ts';
import { SaveFooter } from './SaveFooter.tsx';
import { submitStaffWrite } from '../../../machines/staff-edit/events.ts';

export type FieldKind =
  | 'text'
  | 'textarea'
  | 'number'
  | 'yuan'
  | 'select'
  | 'multi'
  | 'checkbox'
  /** A date and time in Asia/Shanghai (format.ts toShanghaiInput / fromShanghaiInput). */
  | 'datetime'
  /** The screen draws the control (`render`): an upload, a Markdown editor with its preview. */
  | 'custom';

export interface StaffField {
  name: string;
  label: string;
  kind: FieldKind;
  options?: { value: string; label: string }[];
  /**
   * For `custom`: the control, given the field's text value, its setter, the input id and the
   * form's other values (a value editor that follows the chosen kind).
   */
  render?: (
    value: string,
    set: (value: string) => void,
    id: string,
    values: FormValues,
  ) => React.ReactNode;
}

export type FormValues = Record<string, string | string[] | boolean>;

export interface StaffFormRequest<C extends StaffWriteCall = StaffWriteCall> {
  title: string;
  call: C;
  fields: StaffField[];
  values: FormValues;
  /** The form's values as the call's body, or the field and message of the first bad one. */
  toBody: (values: FormValues) => { body: StaffWriteBody<C> } | { field: string; message: string };
  /**
   * A form that is one step of a longer write (details before a question set): it hands the
   * checked body on instead of sending it, and closes.
   */
  onValid?(body: StaffWriteBody<C>): void;
  /** A wide dialog, for an editor beside its preview. */
  wide?: boolean;
  /**
   * The contract's rules for some of the body's fields (a price's or a capacity's range),
   * checked when the form is sent, each refusal under its form field (./contract-rules.ts).
   */
  rules?: ContractRules<keyof StaffWriteBody<C> & string>;
}

/** A text field's value without its surrounding spaces ('' for a checkbox or a list). */
export const trimmedText = (value: FormValues[string] | undefined): string =>
  typeof value === 'string' ? value.trim() : '';

/**
 * A select's value as one of its options, typed as the call's body takes it (the contract's
 * values): the form only ever holds one of them; the first when it holds none.
 */
export const chosenOf = <T extends string>(
  value: FormValues[string] | undefined,
  options: readonly [T, ...T[]],
): T => options.find((o) => o === value) ?? options[0];

/** A multi field's chosen values, in the order chosen. */
export const listOf = (value: FormValues[string] | undefined): string[] =>
  Array.isArray(value) ? value : [];

/** A multi field's chosen values among `options`, typed as the call's body takes them. */
export const chosenListOf = <T extends string>(
  value: FormValues[string] | undefined,
  options: readonly T[],
): T[] => listOf(value).flatMap((v) => options.filter((o) => o === v));

/**
 * A form's request, its body checked against its call: `staffForm({ call: 'bms.dict.create',
 * toBody: … })` infers the call from `call`, so a body the call does not take is a compile error.
 */
export const staffForm = <C extends StaffWriteCall>(
  request: StaffFormRequest<C>,
): StaffFormRequest => request as unknown as StaffFormRequest;

/**
 * A back-office form in a dialog: it sends its write to the staff edit actor and shows what the
 * server refused under the field it names; it closes once the write is done.
 */
export function StaffForm({
  request,
  onClose,
}: {
  request: StaffFormRequest | null;
  onClose: () => void;
}) {
  const { staffEdit } = useRuntime().actors;
  const [values, setValues] = useState<FormValues>({});
  const [local, setLocal] = useState<{ field: string; message: string } | null>(null);
  const [sent, setSent] = useState(false);
  const state = useSelector(staffEdit, (s) => s.value as string);
  const fieldErrors = useSelector(staffEdit, (s) => s.context.fieldErrors);
  const error = useSelector(staffEdit, (s) => s.context.error);

  useEffect(() => {
    setValues(request?.values ?? {});
    setLocal(null);
    setSent(false);
  }, [request]);
  useEffect(() => {
    if (sent && state === 'done') onClose();
  }, [sent, state, onClose]);

  const submit = async () => {
    if (!request) return;
    const answer = request.toBody(values);
    if ('field' in answer) {
      setLocal(answer);
      return;
    }
    const { rules } = request;
    const refused = rules
      ? firstRefusal(await rules.shape(), answer.body as Record<string, unknown>, rules.fields)
      : null;
    if (refused) {
      setLocal(refused);
      return;
    }
    setLocal(null);
    if (request.onValid) {
      request.onValid(answer.body);
      onClose();
      return;
    }
    setSent(true);
    submitStaffWrite(staffEdit, request.call, answer.body);
  };
  const messageOf = (name: string) =>
    (local?.field === name ? local.message : null) ??
    (sent ? fieldErrors.find((f) => f.field === name)?.message : null) ??
    null;

  return (
    <Dialog
      isOpen={request !== null}
      onClose={onClose}
      title={request?.title}
      style={request?.wide ? { width: 'min(1100px, 95vw)' } : undefined}
    >
      <DialogBody>
        {request?.fields.map((field) => {
          const message = messageOf(field.name);
          const id = `staff-field-${field.name}`;
          const value = values[field.name];
          const set = (v: string | string[] | boolean) => setValues({ ...values, [field.name]: v });
          let control: React.ReactNode;
          if (field.kind === 'custom' && field.render) {
            control = field.render(String(value ?? ''), set, id, values);
          } else if (field.kind === 'textarea') {
            control = (
              <TextArea
                id={id}
                fill
                value={String(value ?? '')}
                onChange={(e) => set(e.target.value)}
              />
            );
          } else if (field.kind === 'select') {
            control = (
              <HTMLSelect
                id={id}
                value={String(value ?? '')}
                options={field.options}
                onChange={(e) => set(e.target.value)}
              />
            );
          } else if (field.kind === 'multi') {
            const chosen = Array.isArray(value) ? value : [];
            control = (
              <div id={id} className="xa-checks">
                {field.options?.map((o) => (
                  <Checkbox
                    key={o.value}
                    inline
                    label={o.label}
                    checked={chosen.includes(o.value)}
                    onChange={(e) =>
                      set(
                        e.currentTarget.checked
                          ? [...chosen, o.value]
                          : chosen.filter((c) => c !== o.value),
                      )
                    }
                  />
                ))}
              </div>
            );
          } else if (field.kind === 'checkbox') {
            control = (
              <Checkbox
                id={id}
                checked={value === true}
                onChange={(e) => set(e.currentTarget.checked)}
              />
            );
          } else if (field.kind === 'datetime') {
            control = (
              <InputGroup
                id={id}
                type="datetime-local"
                value={String(value ?? '')}
                intent={message ? 'danger' : 'none'}
                onChange={(e) => set(e.target.value)}
              />
            );
          } else {
            control = (
              <InputGroup
                id={id}
                inputMode={field.kind === 'text' ? undefined : 'decimal'}
                value={String(value ?? '')}
                intent={message ? 'danger' : 'none'}
                onChange={(e) => set(e.target.value)}
              />
            );
          }
          return (
            <FormGroup
              key={field.name}
              label={field.label}
              labelFor={id}
              intent={message ? 'danger' : 'none'}
              helperText={message ?? undefined}
            >
              {control}
            </FormGroup>
          );
        })}
        {sent && state === 'failed' && fieldErrors.length === 0 && error && (
          <p className="xa-field-error" role="alert">
            {error.message}
          </p>
        )}
      </DialogBody>
      <SaveFooter onClose={onClose} onSave={() => void submit()} saving={state === 'working'} />
    </Dialog>
  );
}
