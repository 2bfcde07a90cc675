/** How a feedback's status looks, for its sender and for staff. */
export const FEEDBACK_STATUS_INTENT = {
  pending: 'warning',
  processing: 'primary',
  resolved: 'success',
} as const;
