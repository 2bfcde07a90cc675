/**
 * Page sizes of every list call (docs/product-rules.md#paging), zod-free so screens can read them
 * too.
 */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 500;
