/**
 * A domain's part of the server, declared once (docs/architecture.md "src/server"): the handlers
 * of its calls and the order kinds it owns, an enrollable kind's both coming from its definition
 * (enrollment/enrollable.ts). The composition root lists one module per domain (./modules.ts)
 * and derives from that list the handler table (./handlers.ts) and the order-kind table
 * (./order-kinds.ts); nothing else names every domain.
 */
import type { HandlerEntry } from './http/handler.ts';
import type { DomainOrderKinds } from './orders/kinds.ts';

/** What a module takes from an enrollable kind's definition: its handlers and its order kind. */
interface Enrolled {
  readonly handlers: readonly HandlerEntry[];
  readonly orderKinds: DomainOrderKinds;
}

/** `Entry` keeps the ids of the calls the module wires, for handlers.ts's completeness check. */
export interface ServerModule<Entry extends HandlerEntry = HandlerEntry> {
  readonly name: string;
  readonly handlers: readonly Entry[];
  readonly orderKinds: readonly DomainOrderKinds[];
}

export function defineServerModule<
  const Handlers extends readonly HandlerEntry[],
  const Enrollables extends readonly Enrolled[] = readonly [],
>(def: {
  /** The domain's folder under src/server. */
  name: string;
  handlers: Handlers;
  /** The domain's own order kinds (`<domain>/order-kind.ts`), when it sells something. */
  orderKinds?: DomainOrderKinds;
  /** Its enrollable kinds: their shared calls' handlers and their order kinds join the module's. */
  enrollables?: Enrollables;
}): ServerModule<Handlers[number] | Enrollables[number]['handlers'][number]> {
  const handlers: (Handlers[number] | Enrollables[number]['handlers'][number])[] = [
    ...def.handlers,
  ];
  const orderKinds: DomainOrderKinds[] = def.orderKinds ? [def.orderKinds] : [];
  for (const enrolled of def.enrollables ?? []) {
    handlers.push(...enrolled.handlers);
    orderKinds.push(enrolled.orderKinds);
  }
  return { name: def.name, handlers, orderKinds };
}
