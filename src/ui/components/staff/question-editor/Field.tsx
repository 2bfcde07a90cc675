import { FormGroup, InputGroup, TextArea } from '@blueprintjs/core';

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

/** A one-line text field inside its Field, red while a refusal names `place`. */
export function TextField(props: {
  id: string;
  label: string;
  place: string;
  at: MessageAt;
  value: string;
  onChange: (value: string) => void;
  helper?: string;
  placeholder?: string;
  inputMode?: 'numeric' | 'decimal';
  /** A unit shown at the end of the box (ms, MiB). */
  unit?: string;
  /** File names and the like, shown monospaced. */
  mono?: boolean;
}) {
  return (
    <Field
      id={props.id}
      label={props.label}
      helper={props.helper}
      place={props.place}
      at={props.at}
    >
      <InputGroup
        id={props.id}
        className={props.mono ? 'xa-mono' : undefined}
        placeholder={props.placeholder}
        inputMode={props.inputMode}
        rightElement={props.unit ? <span className="xa-qe-unit">{props.unit}</span> : undefined}
        value={props.value}
        intent={props.at(props.place) ? 'danger' : 'none'}
        onValueChange={props.onChange}
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
export function CodeField(props: {
  id: string;
  label: string;
  place: string;
  at: MessageAt;
  value: string;
  onChange: (value: string) => void;
  helper?: string;
  rows?: number;
  /** Red while a refusal names `place` (a source the server compiles). */
  marked?: boolean;
}) {
  return (
    <Field
      id={props.id}
      label={props.label}
      helper={props.helper}
      place={props.place}
      at={props.at}
    >
      <CodeArea
        id={props.id}
        rows={props.rows}
        danger={props.marked === true && props.at(props.place) !== null}
        value={props.value}
        onChange={props.onChange}
      />
    </Field>
  );
}
