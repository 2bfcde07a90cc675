/**
 * The draw of an activity's prizes (docs/decisions.md "Prizes and the draw (issue 10)"), pure:
 * the same seed, activity, participants and prizes always give the same winners, so anyone
 * holding the published seed can recompute the result.
 *
 * 1. seed: 32 random bytes, written as 64 lowercase hex digits; commitment = SHA-256 of the
 *    32 bytes (not of the hex text), published before the draw.
 * 2. each eligible member's ticket = HMAC-SHA256(key = the 32 seed bytes, message = UTF-8 of
 *    `${activityId}:${memberId}`), read as a 256-bit big-endian number.
 * 3. participants in ascending ticket order (a tie, which SHA-256 makes practically
 *    impossible, by ascending member id).
 * 4. prizes by ascending (sort, id); each takes the next `stock` participants in that order;
 *    one prize per member; stock beyond the participants stays unawarded.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';

const SEED_BYTES = 32;

export interface DrawPrize {
  id: number;
  sort: number;
  stock: number;
}

export interface DrawWinner {
  /** 1-based position in the participants' ticket order. */
  place: number;
  memberId: number;
  prizeId: number;
}

export const newSeed = (): string => randomBytes(SEED_BYTES).toString('hex');

const seedBytes = (seedHex: string): Buffer => {
  if (!/^[0-9a-f]{64}$/.test(seedHex)) throw new Error('a draw seed is 64 lowercase hex digits');
  return Buffer.from(seedHex, 'hex');
};

export const commitmentOf = (seedHex: string): string =>
  createHash('sha256').update(seedBytes(seedHex)).digest('hex');

export const ticketOf = (seedHex: string, activityId: number, memberId: number): string =>
  createHmac('sha256', seedBytes(seedHex))
    .update(`${activityId}:${memberId}`, 'utf8')
    .digest('hex');

/** The participants in draw order (step 3); duplicates count once. */
export function drawOrder(seedHex: string, activityId: number, memberIds: readonly number[]) {
  const tickets = [...new Set(memberIds)].map((memberId) => ({
    memberId,
    // Equal-length hex compares as the big-endian number it spells.
    ticket: ticketOf(seedHex, activityId, memberId),
  }));
  tickets.sort((a, b) =>
    a.ticket < b.ticket ? -1 : a.ticket > b.ticket ? 1 : a.memberId - b.memberId,
  );
  return tickets;
}

/** Steps 2–4: who wins which prize. */
export function drawWinners(
  seedHex: string,
  activityId: number,
  memberIds: readonly number[],
  prizes: readonly DrawPrize[],
): DrawWinner[] {
  const order = drawOrder(seedHex, activityId, memberIds);
  const slots = [...prizes]
    .sort((a, b) => a.sort - b.sort || a.id - b.id)
    .flatMap((prize) => Array.from({ length: Math.max(0, prize.stock) }, () => prize.id));
  return order
    .slice(0, slots.length)
    .map(({ memberId }, i) => ({ place: i + 1, memberId, prizeId: slots[i]! }));
}
