import { FormGroup, HTMLSelect, InputGroup, TextArea } from '@blueprintjs/core';

/** Where a refusal shows: the message placed for a field (question-draft.ts placeErrors). */
export type MessageAt = (place: string) => string | null;

/** A labelled control with the refusal naming it, in Chinese, right under it. */
export function Field(props: {
  id: string;
  label: string;
  /** The refusals shown here: a field's name, or several shown together. */
  place: string | readonly string[];
  at: MessageAt;
  helper?: string;
  inline?: boolean;
  children: React.ReactNode;
}) {
  const places = typeof props.place === 'string' ? [props.place] : props.place;
  const message =
    places
      .map((p) => props.at(p))
      .filter((m) => m !== null)
      .join('；') || null;
  return (
    <FormGroup
      label={props.label}
      labelFor={props.id}
      inline={props.inline}
      intent={message ? 'danger' : 'none'}
      helperText={
        message ? (
          <span role="alert" data-field-error={places.join(' ')}>
            {message}
          </span>
        ) : (
          props.helper
        )
      }
    >
      {props.children}
    </FormGroup>
  );
}

/** A control with one value in its Field: where its refusal shows, its value and its setter. */
interface ValueFieldProps {
  id: string;
  label: string;
  place: string;
  at: MessageAt;
  value: string;
  onChange: (value: string) => void;
  helper?: string;
}

/** A one-line text field inside its Field, red while a refusal names `place`. */
export function TextField(
  props: ValueFieldProps & {
    placeholder?: string;
    inputMode?: 'numeric' | 'decimal';
    /** A unit shown at the end of the box (ms, MiB). */
    unit?: string;
    /** File names and the like, shown monospaced. */
    mono?: boolean;
  },
) {
  const { value, onChange, placeholder, inputMode, unit, mono, ...field } = props;
  return (
    <Field {...field}>
      <InputGroup
        id={field.id}
        className={mono ? 'xa-mono' : undefined}
        placeholder={placeholder}
        inputMode={inputMode}
        rightElement={unit ? <span className="xa-qe-unit">{unit}</span> : undefined}
        value={value}
        intent={field.at(field.place) ? 'danger' : 'none'}
        onValueChange={onChange}
      />
    </Field>
  );
}

/** Source code or raw text: monospaced, kept exactly as typed. */
export function CodeArea(props: {
  id: string;
  value: string;
  rows?: number;
  danger?: boolean;
  placeholder?: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextArea
      id={props.id}
      fill
      rows={props.rows ?? 10}
      className="xa-mono"
      spellCheck={false}
      placeholder={props.placeholder}
      intent={props.danger ? 'danger' : 'none'}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
    />
  );
}

/** A CodeArea inside its Field (a sample, a program's source). */
export function CodeField(
  props: ValueFieldProps & {
    rows?: number;
    /** Red while a refusal names `place` (a source the server compiles). */
    marked?: boolean;
  },
) {
  const { value, onChange, rows, marked, ...field } = props;
  return (
    <Field {...field}>
      <CodeArea
        id={field.id}
        rows={rows}
        danger={marked === true && field.at(field.place) !== null}
        value={value}
        onChange={onChange}
      />
    </Field>
  );
}

/** A choice among options inside its Field; the value is always one of them. */
export function SelectField<T extends string>(
  props: Omit<ValueFieldProps, 'value' | 'onChange' | 'place'> & {
    place: string | readonly string[];
    value: T;
    options: readonly { value: T; label: string }[];
    onChange: (value: T) => void;
  },
) {
  const { value, options, onChange, ...field } = props;
  return (
    <Field {...field}>
      <HTMLSelect
        id={field.id}
        value={value}
        options={options}
        onChange={(e) => {
          const chosen = options.find((o) => o.value === e.target.value);
          if (chosen) onChange(chosen.value);
        }}
      />
    </Field>
  );
}
