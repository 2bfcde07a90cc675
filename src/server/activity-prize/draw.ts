/**
 * The draw of an activity's prizes (docs/decisions/activities-and-prizes.md "Prizes and the draw"),
 * pure: the same seed, activity, participants and prizes always give the same winners, so anyone
 * holding the published seed can recompute the result.
 *
 * 1. seed: 32 random bytes, written as 64 lowercase hex digits; commitment = SHA-256 of the
 *    32 bytes (not of the hex text), published before the draw.
 * 2. participants hash = SHA-256 of the UTF-8 text of the eligible member ids, distinct,
 *    ascending, joined by "," (e.g. "3,17,42"); draw key = HMAC-SHA256(key = the 32 seed
 *    bytes, message = the 32 bytes of the participants hash). The seed was fixed before the
 *    list was final; mixing the final list in means no change to the list (an extra enrollment,
 *    one left out) can be made without reshuffling every ticket.
 * 3. each eligible member's ticket = HMAC-SHA256(key = the 32 draw-key bytes, message = UTF-8
 *    of `${activityId}:${memberId}`), read as a 256-bit big-endian number.
 * 4. participants in ascending ticket order (a tie, which SHA-256 makes practically
 *    impossible, by ascending member id).
 * 5. prizes by ascending (sort, id); each takes the next `stock` participants in that order;
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

/** A seed or a draw key: 32 bytes written as 64 lowercase hex digits. */
const seedBytes = (seedHex: string): Buffer => {
  if (!/^[0-9a-f]{64}$/.test(seedHex)) throw new Error('a draw seed is 64 lowercase hex digits');
  return Buffer.from(seedHex, 'hex');
};

export const commitmentOf = (seedHex: string): string =>
  createHash('sha256').update(seedBytes(seedHex)).digest('hex');

/** The participants as the draw reads them: distinct, ascending. */
const participantList = (memberIds: readonly number[]): number[] =>
  [...new Set(memberIds)].sort((a, b) => a - b);

/** Step 2: SHA-256 of "id,id,…" (distinct, ascending), hex; published with the seed. */
export const participantsHashOf = (memberIds: readonly number[]): string =>
  createHash('sha256').update(participantList(memberIds).join(','), 'utf8').digest('hex');

/** Step 2: the key the tickets are drawn with, hex. */
export const drawKeyOf = (seedHex: string, participantsHash: string): string =>
  createHmac('sha256', seedBytes(seedHex))
    .update(Buffer.from(participantsHash, 'hex'))
    .digest('hex');

/** Step 3: one member's ticket under the draw key. */
export const ticketOf = (drawKeyHex: string, activityId: number, memberId: number): string =>
  createHmac('sha256', seedBytes(drawKeyHex))
    .update(`${activityId}:${memberId}`, 'utf8')
    .digest('hex');

/** The participants in draw order (steps 2–4); duplicates count once. */
export function drawOrder(seedHex: string, activityId: number, memberIds: readonly number[]) {
  const key = drawKeyOf(seedHex, participantsHashOf(memberIds));
  const tickets = participantList(memberIds).map((memberId) => ({
    memberId,
    // Equal-length hex compares as the big-endian number it spells.
    ticket: ticketOf(key, activityId, memberId),
  }));
  tickets.sort((a, b) =>
    a.ticket < b.ticket ? -1 : a.ticket > b.ticket ? 1 : a.memberId - b.memberId,
  );
  return tickets;
}

/** Steps 2–5: who wins which prize. */
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
