import { Callout } from '@blueprintjs/core';

/** A form's error that belongs to no single field (wrong password, rate limit, …). */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Callout intent="danger" compact role="alert" className="xa-form-error">
      {message}
    </Callout>
  );
}
