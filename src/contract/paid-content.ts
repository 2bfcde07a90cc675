/**
 * Paid units and questions (issue 9 item 1): the price and card-right fields staff set on a
 * chapter or a question, and how a reader may open one (server/content-access/paid.ts).
 */
import { z } from 'zod';
import { MAX_PRICE_FEN } from './money.ts';

/** Input fields of paid content: a price opens it by buying (oj/chapter/buy, oj/question/buy). */
export const paidContentFields = {
  /** Fen; 0: free. */
  priceFen: z
    .number()
    .int('价格须为整数（分）')
    .min(0, '价格不能小于 0')
    .max(MAX_PRICE_FEN, `价格最高 ${MAX_PRICE_FEN / 100} 元`)
    .default(0),
  /** The card right whose holders open it without buying, or null. */
  rightCode: z.string().trim().min(1).max(64).nullable().default(null),
};

/** How the reader may open it: free, bought, through a held right, as staff, or not (locked). */
export const contentAccess = z.enum(['free', 'bought', 'right', 'staff', 'locked']);
