/**
 * What each kind of order does beyond its lifecycle: which machine it runs on, where paid
 * money goes, which notify path its provider calls, and what paying and quitting give and
 * take back (a card, AI tokens, a place in a class). The order flow (./flow.ts) is the same for
 * every kind; each domain writes its kind's behaviour in its own folder
 * (`server/<domain>/order-kind.ts`, an enrollable kind's from its definition) against this
 * interface, and the server's composition root (server/order-kinds.ts) assembles the table the
 * flow reads from its services out of the domains' modules (server/modules.ts).
 */
import type { EnrollmentAction } from '../../contract/lifecycle-actions.ts';
import { ORDER_KINDS, type OrderKind } from '../../contract/order/orders.ts';
import type { Lifecycle } from '../../machines/lifecycles/lifecycle.ts';
import type { PoolClient } from '../db/pool.ts';

/** The fields of an order row the kinds act on. */
export interface OrderFacts {
  id: number;
  kind: OrderKind;
  member_id: number;
  item_id: number | null;
  item_units: number | null;
}

export interface OrderKindBehaviour {
  lifecycle: Lifecycle<string, EnrollmentAction>;
  /** The notify calls the provider is given for this kind's payments. */
  notifyPaths: { paid: string; refund: string };
  /** The account money paid for the order goes to. */
  payee(order: OrderFacts): string;
  /** Paying earns member points (docs/decisions.md "Member points"). */
  earnsPoints: boolean;
  /** What paying (or a free order) gives the member; idempotent. */
  grant(client: PoolClient, order: OrderFacts): Promise<void>;
  /** What quitting takes back; idempotent. */
  revoke(client: PoolClient, order: OrderFacts): Promise<void>;
  /** Refuses an action the machine allows but the kind does not (FAIL), before it is taken. */
  refuse?(client: PoolClient, order: OrderFacts, action: EnrollmentAction): Promise<void>;
  /** Checks a new order in the transaction that writes it (a class's capacity). */
  admit?(client: PoolClient, order: { memberId: number; itemId: number | null }): Promise<void>;
  /** Fen of a paid order its payee keeps whatever happens (class fees already consumed). */
  kept?(client: PoolClient, orderId: number): Promise<number>;
}

/** The kinds one domain owns, with their behaviour. */
export type DomainOrderKinds = Partial<Record<OrderKind, OrderKindBehaviour>>;

/** Every kind's behaviour: what the order flow reads (Services.orderKinds). */
export type OrderKinds = Readonly<Record<OrderKind, OrderKindBehaviour>>;

/**
 * Joins the domains' kinds into the table; refuses a kind with no behaviour, one with two, and
 * one the contract does not know, so a server with an incomplete table never starts.
 */
export function assembleOrderKinds(domains: readonly DomainOrderKinds[]): OrderKinds {
  const table: DomainOrderKinds = {};
  for (const domain of domains) {
    for (const [kind, behaviour] of Object.entries(domain) as [OrderKind, OrderKindBehaviour][]) {
      if (!ORDER_KINDS.includes(kind)) throw new Error(`unknown order kind ${kind}`);
      if (table[kind]) throw new Error(`order kind ${kind} has two behaviours`);
      table[kind] = behaviour;
    }
  }
  const missing = ORDER_KINDS.filter((kind) => !table[kind]);
  if (missing.length > 0) throw new Error(`order kinds without a behaviour: ${missing.join(', ')}`);
  return table as OrderKinds;
}
