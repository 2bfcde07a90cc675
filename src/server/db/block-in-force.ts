/**
 * When a block (member_blocks, alias `b`) holds: not lifted, and its end, if any, still ahead.
 * Written once for the two that ask it — the blacklist (server/blacklist/) and the session query
 * (http/sessions.ts), which cannot import each other's folders without a cycle.
 */
export const BLOCK_IN_FORCE = `b.lifted_at IS NULL AND (b.ends_at IS NULL OR b.ends_at > now())`;
