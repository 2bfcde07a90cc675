/**
 * The order calls every kind's domain declares alike (server/orders/flow.ts answers them): a
 * list and one order, and a staff action answering the order in its new state.
 */
import type { z } from 'zod';
import { spec } from '../call.ts';
import type { Access, CallSpec } from '../call.ts';
import { pageOf, pageQueryOf } from '../paging.ts';
import { idQuery } from '../resource.ts';
import { ORDER_SORT, orderActionBody, orderDetail, orderFilter, orderItem } from './orders.ts';

export const orderList = (access: Access, summary: string) =>
  spec({
    method: 'POST',
    access,
    summary,
    query: pageQueryOf(ORDER_SORT),
    body: orderFilter,
    response: pageOf(orderItem),
  });
export const orderById = (access: Access, summary: string) =>
  spec({ method: 'GET', access, summary, query: idQuery, response: orderDetail });

/** A staff action on an order of any kind, answering the order in its new state. */
export function staffActionSpec(
  access: Access,
  summary: string,
): CallSpec<z.ZodType, typeof orderActionBody, typeof orderDetail>;
export function staffActionSpec<B extends z.ZodType>(
  access: Access,
  summary: string,
  body: B,
): CallSpec<z.ZodType, B, typeof orderDetail>;
/** A staff action on an order, answering the order in its new state (body `{id, reason?}`). */
export function staffActionSpec(
  access: Access,
  summary: string,
  body: z.ZodType = orderActionBody,
) {
  return spec({ method: 'PUT', access, summary, body, response: orderDetail });
}

export function staffOrderAction(
  summary: string,
): CallSpec<z.ZodType, typeof orderActionBody, typeof orderDetail>;
export function staffOrderAction<B extends z.ZodType>(
  summary: string,
  body: B,
): CallSpec<z.ZodType, B, typeof orderDetail>;
export function staffOrderAction(summary: string, body: z.ZodType = orderActionBody) {
  return staffActionSpec('platformAdmin', summary, body);
}
