import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ORDER_KINDS } from '../contract/order/calls.ts';
import { orderLifecycleOf } from '../machines/lifecycles/orders.ts';
import { allOrderKinds } from './order-kinds.ts';
import { assembleOrderKinds, type DomainOrderKinds } from './orders/kinds.ts';

/** The kinds the orders table accepts: the last migration that sets orders_kind_check. */
function databaseOrderKinds(): string[] {
  const dir = new URL('./db/migrations/', import.meta.url);
  const checks = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .flatMap((f) => [
      ...readFileSync(new URL(f, dir), 'utf8').matchAll(
        /ADD CONSTRAINT orders_kind_check\s+CHECK \(kind IN \(([^)]*)\)\)/g,
      ),
    ]);
  const last = checks.at(-1);
  if (!last) throw new Error('no orders_kind_check in the migrations');
  return [...last[1]!.matchAll(/'([^']+)'/g)].map((m) => m[1]!);
}

describe('order kinds assembled at the composition root', () => {
  it('gives every kind the contract and the database know exactly one behaviour', () => {
    expect(Object.keys(allOrderKinds).sort()).toEqual([...ORDER_KINDS].sort());
    expect(databaseOrderKinds().sort()).toEqual([...ORDER_KINDS].sort());
  });

  it("runs every kind's behaviour on the machine the screens show for it", () => {
    for (const kind of ORDER_KINDS) {
      expect(allOrderKinds[kind].lifecycle, kind).toBe(orderLifecycleOf(kind));
    }
  });

  it('refuses a table with a kind missing, doubled or unknown', () => {
    const domains: DomainOrderKinds[] = ORDER_KINDS.map((kind) => ({
      [kind]: allOrderKinds[kind],
    }));
    expect(() => assembleOrderKinds(domains)).not.toThrow();
    expect(() => assembleOrderKinds(domains.slice(1))).toThrow(
      `order kinds without a behaviour: ${ORDER_KINDS[0]}`,
    );
    expect(() => assembleOrderKinds([...domains, { exam: allOrderKinds.exam }])).toThrow(
      'order kind exam has two behaviours',
    );
    expect(() =>
      assembleOrderKinds([...domains, { lesson: allOrderKinds.exam } as DomainOrderKinds]),
    ).toThrow('unknown order kind lesson');
  });
});
