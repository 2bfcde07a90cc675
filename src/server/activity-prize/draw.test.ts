import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  commitmentOf,
  drawKeyOf,
  drawOrder,
  drawWinners,
  newSeed,
  participantsHashOf,
  ticketOf,
} from './draw.ts';

const SEED = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';

describe('the prize draw', () => {
  it('commits to the seed bytes with SHA-256', () => {
    const expected = createHash('sha256').update(Buffer.from(SEED, 'hex')).digest('hex');
    expect(commitmentOf(SEED)).toBe(expected);
    expect(commitmentOf(SEED)).not.toBe(createHash('sha256').update(SEED).digest('hex'));
  });

  it('makes fresh 64-hex seeds and refuses anything else', () => {
    const a = newSeed();
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(newSeed()).not.toBe(a);
    expect(() => commitmentOf('XYZ')).toThrow();
    expect(() => ticketOf(SEED.toUpperCase(), 1, 1)).toThrow();
  });

  it('hashes the final participant list, distinct and ascending, into the draw key', () => {
    const hash = createHash('sha256').update('3,17,42').digest('hex');
    expect(participantsHashOf([42, 3, 17, 3])).toBe(hash);
    const key = createHmac('sha256', Buffer.from(SEED, 'hex'))
      .update(Buffer.from(hash, 'hex'))
      .digest('hex');
    expect(drawKeyOf(SEED, hash)).toBe(key);
  });

  it('a ticket is HMAC-SHA256(draw key bytes, "activityId:memberId")', () => {
    const key = drawKeyOf(SEED, participantsHashOf([42]));
    const expected = createHmac('sha256', Buffer.from(key, 'hex')).update('7:42').digest('hex');
    expect(ticketOf(key, 7, 42)).toBe(expected);
    expect(ticketOf(key, 42, 7)).not.toBe(expected);
  });

  it('orders participants by ticket, whatever order they arrive in, each once', () => {
    const members = Array.from({ length: 50 }, (_, i) => i + 1);
    const order = drawOrder(SEED, 3, members).map((t) => t.memberId);
    expect(
      drawOrder(SEED, 3, [...members].reverse().concat(members)).map((t) => t.memberId),
    ).toEqual(order);
    expect(new Set(order).size).toBe(50);
    const key = drawKeyOf(SEED, participantsHashOf(members));
    const tickets = order.map((m) => BigInt(`0x${ticketOf(key, 3, m)}`));
    for (let i = 1; i < tickets.length; i++) expect(tickets[i]! > tickets[i - 1]!).toBe(true);
  });

  it('one participant more or less reshuffles everyone, not just the one changed', () => {
    const members = Array.from({ length: 40 }, (_, i) => i + 1);
    const order = drawOrder(SEED, 3, members).map((t) => t.memberId);
    const withExtra = drawOrder(SEED, 3, [...members, 41])
      .map((t) => t.memberId)
      .filter((m) => m !== 41);
    // With the seed alone the others would keep their relative order; with the list mixed in
    // they do not.
    expect(withExtra).not.toEqual(order);
  });

  it('hands out prizes by (sort, id) up to each stock, one per member', () => {
    const members = Array.from({ length: 20 }, (_, i) => 100 + i);
    const winners = drawWinners(SEED, 9, members, [
      { id: 5, sort: 2, stock: 3 },
      { id: 8, sort: 1, stock: 2 },
      { id: 2, sort: 2, stock: 1 },
    ]);
    const order = drawOrder(SEED, 9, members).map((t) => t.memberId);
    expect(winners.map((w) => w.prizeId)).toEqual([8, 8, 2, 5, 5, 5]);
    expect(winners.map((w) => w.memberId)).toEqual(order.slice(0, 6));
    expect(winners.map((w) => w.place)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('leaves stock unawarded when there are fewer participants, and nobody wins with none', () => {
    expect(drawWinners(SEED, 1, [4, 5], [{ id: 1, sort: 0, stock: 10 }])).toHaveLength(2);
    expect(drawWinners(SEED, 1, [], [{ id: 1, sort: 0, stock: 10 }])).toEqual([]);
    expect(drawWinners(SEED, 1, [4, 5], [])).toEqual([]);
  });

  it('another seed gives another order', () => {
    const members = Array.from({ length: 30 }, (_, i) => i + 1);
    const other = SEED.replace(/^00/, '01');
    expect(drawOrder(other, 1, members).map((t) => t.memberId)).not.toEqual(
      drawOrder(SEED, 1, members).map((t) => t.memberId),
    );
  });
});
