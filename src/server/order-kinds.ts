import { serverModules } from './modules.ts';
import { assembleOrderKinds, type OrderKinds } from './orders/kinds.ts';

/**
 * Every order kind's behaviour, from the modules' kinds (server/<domain>/order-kind.ts, an
 * enrollable kind's from its definition); the order flow reads it from Services.orderKinds.
 * Assembling refuses a kind with no behaviour or two, so the server does not start with an
 * incomplete table.
 */
export const allOrderKinds: OrderKinds = assembleOrderKinds(
  serverModules.flatMap((domain) => domain.orderKinds),
);
