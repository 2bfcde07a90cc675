/**
 * Memberships (contract/membership/calls.ts): the card list, definitions and rights with their
 * publication lifecycle, the cards members hold, and membership orders on the shared order
 * flow (server/orders/).
 */
import { actionsOf } from '../../contract/resource.ts';
import { membership } from '../../contract/membership/calls.ts';
import { publicationOf } from '../../machines/lifecycles/publication.ts';
import type { Auth } from '../http/sessions.ts';
import { learnerScope, organizationScope, platformScope } from '../access/scope.ts';
import { handle } from '../http/handler.ts';
import { resourceHandlers } from '../http/resource.ts';
import { lifecycleHandlers } from '../lifecycle/handlers.ts';
import { notifyHandlers, orderHandlers, placeGoodsHandler } from '../orders/handlers.ts';
import { exportOrders, orderStatistics } from '../orders/reports.ts';
import { allOrders, organizationOrders, ownOrders } from '../orders/rows.ts';
import {
  findMembership,
  heldStore,
  listHeld,
  listMemberships,
  membershipStore,
  refuseUntagged,
  rightStore,
} from './store.ts';

const membershipPublication = publicationOf('会员卡');
const rightPublication = publicationOf('权益');
const platform = (_auth: Auth) => ({});
const MEMBERSHIP = ['membership'] as const;

// queryList is the public card list, written below.
const { queryList: _cardList, ...appCalls } = actionsOf(membership, 'app', 'membership');
const ojOrders = actionsOf(membership, 'oj', 'membership.order');
const edmsOrders = actionsOf(membership, 'edms', 'membership.order');
const bmsOrders = actionsOf(membership, 'bms', 'membership.order');

export const membershipHandlers = [
  /** Cards on sale; platform staff may ask for drafts and unpublished cards (status '0'). */
  handle(membership['membership.queryList'], async ({ query, body, services, auth }) =>
    listMemberships(services.pool, body, query, auth?.platformAdmin === true),
  ),
  ...resourceHandlers(appCalls, membershipStore, platform),
  ...lifecycleHandlers(
    appCalls,
    membershipPublication,
    { entity: 'membership', table: 'memberships', column: 'publication' },
    {
      authorize: async ({ services }, id, action) => {
        const card = await findMembership(services.pool, id);
        if (action === 'publish') refuseUntagged(card.tags);
      },
      read: (ctx, id) => membershipStore.get(ctx, id),
    },
    platform,
  ),

  ...resourceHandlers(actionsOf(membership, 'bms', 'right'), rightStore, platform),
  ...lifecycleHandlers(
    actionsOf(membership, 'bms', 'right'),
    rightPublication,
    { entity: 'right', table: 'rights', column: 'publication' },
    {
      authorize: async (ctx, id) => void (await rightStore.get(ctx, id)),
      read: (ctx, id) => rightStore.get(ctx, id),
    },
    platform,
  ),

  ...resourceHandlers(actionsOf(membership, 'bms', 'memberMembership'), heldStore, platformScope),
  // A member's own cards, whatever their role; staff read their learners' (access/predicates.ts).
  handle(membership['oj.memberMembership.queryList'], async (ctx) =>
    listHeld(ctx.services.pool, learnerScope(ctx.requireAuth()), {}, ctx.query),
  ),
  handle(membership['edms.memberMembership.queryList'], async (ctx) =>
    listHeld(ctx.services.pool, learnerScope(ctx.requireAuth()), {}, ctx.query),
  ),
  handle(membership['bms.organization.membership.queryList'], async (ctx) =>
    listHeld(ctx.services.pool, platformScope(ctx.requireAuth()), ctx.body, ctx.query),
  ),
  handle(membership['edms.organization.membership.queryList'], async (ctx) =>
    listHeld(ctx.services.pool, organizationScope(ctx.requireAuth()), ctx.body, ctx.query),
  ),

  // Learners buy student cards; teachers any card; staff place orders for a member.
  placeGoodsHandler(
    ojOrders.create,
    'membership',
    'self',
    { onSaleOnly: true, cardTypes: ['0'] },
    ownOrders,
  ),
  placeGoodsHandler(
    edmsOrders.create,
    'membership',
    'self',
    { onSaleOnly: true, cardTypes: ['0', '1'] },
    ownOrders,
  ),
  placeGoodsHandler(
    bmsOrders.create,
    'membership',
    'staff',
    { onSaleOnly: false, cardTypes: ['0', '1'] },
    allOrders,
  ),
  ...orderHandlers(
    {
      queryById: ojOrders.queryById,
      queryList: ojOrders.queryList,
      queryMine: ojOrders.queryMine,
      payment: ojOrders.payment,
      cancel: ojOrders.cancel,
      applyQuit: ojOrders.applyQuit,
    },
    ownOrders,
    MEMBERSHIP,
  ),
  // A teacher pays, cancels and quits their own orders and reads their learners' (an
  // organization admin their organization's).
  ...orderHandlers(
    {
      queryMine: edmsOrders.queryMine,
      payment: edmsOrders.payment,
      cancel: edmsOrders.cancel,
      applyQuit: edmsOrders.applyQuit,
    },
    ownOrders,
    MEMBERSHIP,
  ),
  ...orderHandlers(
    { queryById: edmsOrders.queryById, queryList: edmsOrders.queryList },
    organizationOrders,
    MEMBERSHIP,
  ),
  ...orderHandlers(
    {
      queryById: bmsOrders.queryById,
      queryList: bmsOrders.queryList,
      querySimpleList: bmsOrders.querySimpleList,
      update: bmsOrders.update,
      delete: bmsOrders.delete,
      cancel: bmsOrders.cancel,
      passQuit: bmsOrders.passQuit,
      rejectQuit: bmsOrders.rejectQuit,
      finishQuit: bmsOrders.finishQuit,
      forceQuit: bmsOrders.forceQuit,
      refund: bmsOrders.refund,
    },
    allOrders,
    MEMBERSHIP,
  ),
  ...notifyHandlers(bmsOrders),
  handle(bmsOrders.queryStatistics, ({ services }) => orderStatistics(services.pool, 'membership')),
  handle(
    bmsOrders.download,
    async ({ services, body }) =>
      // Sent raw by register-calls; the contract's response describes what the client receives.
      exportOrders(services.pool, allOrders(), MEMBERSHIP, body, '会员卡订单.xlsx') as never,
  ),
];
