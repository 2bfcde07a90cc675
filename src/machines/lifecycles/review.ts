/**
 * Review by the platform (spec 001 §4: exam and exam paper pass/reject): what an organization
 * writes waits for platform staff before it reaches learners; what platform staff write is
 * trusted and skips the wait. Creating a row is its first `submit`; changing a rejected (or, for
 * a paper, a passed) row submits it again.
 */
/** `submit` carries who wrote it: `{ trusted: true }` for platform staff. */
export type SubmitEvent = { type: 'submit'; trusted?: boolean };

export const trustedSubmit = ({ event }: { event: { type: string; trusted?: boolean } }) =>
  event.type === 'submit' && event.trusted === true;

/** The details the server passes with `submit`. */
export const submitDetails = (platformStaff: boolean) => ({ trusted: platformStaff });
