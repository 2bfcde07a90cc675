/** Page sizes of every list call (spec 000 §9), zod-free so screens can read them too. */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 500;
