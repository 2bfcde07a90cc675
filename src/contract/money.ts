/**
 * The money limits every price, order and wallet rule shares (docs/payments.md, Limits),
 * zod-free so a screen that parses yuan reads the same numbers without loading the schemas.
 */

/** The most one price, order or recharge may be, in fen: ¥100 000. */
export const MAX_PRICE_FEN = 10_000_000;

/** The largest single wallet adjustment or balance, in fen or AI tokens. */
export const MAX_WALLET_AMOUNT = 1_000_000_000;
