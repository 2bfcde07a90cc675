/**
 * The dictionary member documents' tags come from (seeded as a built-in dictionary); zod-free,
 * so the screens that offer the tags and the server that checks them name the same one.
 */
export const DOCUMENT_TAG_DICT = 'documentTag';
