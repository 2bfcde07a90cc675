/**
 * The shapes of activity prizes (issue 10 item 2): a prize with stock on an activity, the draw
 * that hands the prizes out (commit and reveal, server/activity-prize/draw.ts) and the award a
 * learner won, collected or shipped (machines/lifecycles/prize-award.ts). The calls are in
 * ./calls.ts.
 */
import { z } from 'zod';
import * as f from '../fields.ts';
import { divisionCode } from '../address/calls.ts';
import { PRIZE_AWARD_STATES, PRIZE_DELIVERIES } from '../../machines/lifecycles/prize-award.ts';

const text = (what: string, min: number, max: number) =>
  z.string().trim().min(min, `${what}不能为空`).max(max, `${what}最多 ${max} 个字符`);

/**
 * 'express': shipped to the winner's address; 'onsite': handed over at the venue; 'aiTokens':
 * `tokens` AI assistant tokens credited through the ledger when collected.
 */
export const prizeDelivery = z.enum(PRIZE_DELIVERIES, '领取方式应为 express、onsite 或 aiTokens');
/** The most AI tokens one prize gives. */
const MAX_PRIZE_TOKENS = 10_000_000;
const prizeTokens = f.wholeNumber(1, MAX_PRIZE_TOKENS);
const TOKENS_RULE = `AI 额度奖品须填写额度（1–${MAX_PRIZE_TOKENS}），其他奖品不填`;
export const awardState = z.enum(PRIZE_AWARD_STATES);

export const MAX_PRIZE_STOCK = 10_000;

/**
 * The rule the draw applies, shown with the commitment (docs/decisions/activities-and-prizes.md
 * "Prizes and the draw").
 */
export const DRAW_RULE =
  '参与者为活动结束时完成活动的报名学员（不按名次加权）；种子 seed 为 32 字节随机数（64 位十六进制），' +
  '抽奖前公布 SHA-256(种子字节)；开奖时计算参与者哈希 = SHA-256("学员id,学员id,…"，去重后从小到大，英文逗号分隔)，' +
  '抽奖密钥 = HMAC-SHA256(种子字节, 参与者哈希的 32 字节)；每人的签号为 HMAC-SHA256(抽奖密钥字节, "活动id:学员id")，' +
  '按签号从小到大排序，奖品按排序值、id 从小到大依次发给排在前面的参与者，每个奖品发满库存为止，每人最多一份。';

export const prizeItem = z.object({
  id: z.number().int(),
  activityId: z.number().int(),
  activityTitle: z.string(),
  name: z.string(),
  description: z.string(),
  delivery: prizeDelivery,
  /** AI tokens a winner gets (delivery aiTokens); null otherwise. */
  tokens: z.number().int().nullable(),
  sort: z.number().int(),
  stock: z.number().int(),
  /** Handed out by the draw. */
  awarded: z.number().int(),
  remaining: z.number().int(),
  createdAt: f.isoTime,
  updatedAt: f.isoTime,
});
export type PrizeItem = z.infer<typeof prizeItem>;
export const prizeSimpleItem = prizeItem.pick({
  id: true,
  activityId: true,
  name: true,
  stock: true,
});

export const prizeCreate = z
  .strictObject({
    activityId: f.id,
    name: text('奖品名称', 1, 60),
    description: z.string().trim().max(500, '奖品说明最多 500 个字符').default(''),
    delivery: prizeDelivery,
    tokens: prizeTokens.nullable().optional(),
    sort: f.wholeNumber(0, 9999).default(0),
    stock: f.wholeNumber(1, MAX_PRIZE_STOCK),
  })
  .refine((b) => (b.delivery === 'aiTokens') === (b.tokens != null), {
    path: ['tokens'],
    message: TOKENS_RULE,
  });
export const prizeUpdate = z.strictObject({
  id: f.id,
  name: text('奖品名称', 1, 60).optional(),
  description: z.string().trim().max(500, '奖品说明最多 500 个字符').optional(),
  delivery: prizeDelivery.optional(),
  /** Checked with the stored delivery when only one of the two changes (the store). */
  tokens: prizeTokens.nullable().optional(),
  sort: f.wholeNumber(0, 9999).optional(),
  stock: f.wholeNumber(1, MAX_PRIZE_STOCK).optional(),
});
export { TOKENS_RULE };
export const prizeFilter = z.strictObject({
  activityId: f.id.optional(),
  name: z.string().trim().max(60).optional(),
});
export const PRIZE_SORT = ['sort', 'stock', 'createdAt'] as const;
/** A learner reads one activity's prizes at a time. */
export const learnerPrizeFilter = z.strictObject({ activityId: f.id });

export const drawWinner = z.object({
  place: z.number().int(),
  memberId: z.number().int(),
  prizeId: z.number().int(),
});

/**
 * The draw of an activity: before it only the commitment; after it the seed, the participants
 * and the winners, enough to recompute the result (DRAW_RULE).
 */
export const drawInfo = z.object({
  activityId: z.number().int(),
  rule: z.string(),
  /** SHA-256 of the seed's 32 bytes, hex; published before the draw. */
  commitment: z.string(),
  drawn: z.boolean(),
  seed: z.string().nullable(),
  drawnAt: f.isoTime.nullable(),
  /** Member ids of the eligible participants, ascending; null before the draw. */
  participants: z.array(z.number().int()).nullable(),
  /**
   * SHA-256 of the participants' ids joined by "," (hex), mixed into the draw key with the
   * seed; null before the draw.
   */
  participantsHash: z.string().nullable(),
  winners: z.array(drawWinner).nullable(),
  /** When the draw may start: the activity's end (or its stop). */
  drawableFrom: f.isoTime,
});
export type DrawInfo = z.infer<typeof drawInfo>;

export const prizePage = z.object({
  content: z.array(prizeItem),
  totalElements: z.number().int().min(0),
  totalPages: z.number().int().min(0),
  number: z.number().int().min(0),
  size: z.number().int().min(1),
  /** The draw of the filtered activity; null without an activity filter or before any prize. */
  draw: drawInfo.nullable(),
});

export const awardItem = z.object({
  id: z.number().int(),
  activityId: z.number().int(),
  activityTitle: z.string(),
  prizeId: z.number().int(),
  prizeName: z.string(),
  delivery: prizeDelivery,
  tokens: z.number().int().nullable(),
  memberId: z.number().int(),
  memberNickname: z.string(),
  place: z.number().int(),
  state: awardState,
  recipient: z.string().nullable(),
  mobile: z.string().nullable(),
  provinceCode: z.string().nullable(),
  cityCode: z.string().nullable(),
  districtCode: z.string().nullable(),
  /** 省 市 区 as the address service named them. */
  regionNames: z.string().nullable(),
  addressDetail: z.string().nullable(),
  carrier: z.string().nullable(),
  trackingNo: z.string().nullable(),
  addressedAt: f.isoTime.nullable(),
  shippedAt: f.isoTime.nullable(),
  collectedAt: f.isoTime.nullable(),
  createdAt: f.isoTime,
});
export type AwardItem = z.infer<typeof awardItem>;

export const awardFilter = z.strictObject({
  activityId: f.id.optional(),
  prizeId: f.id.optional(),
  memberId: f.id.optional(),
  state: z.enum(PRIZE_AWARD_STATES, '状态不存在').optional(),
});
export const AWARD_SORT = ['place', 'createdAt'] as const;

/** An award by id: collect (the learner's own, or staff handing it over). */
export const awardIdBody = z.strictObject({ id: f.id });

/** The learner's shipping address, checked against the address service's divisions. */
export const shippingAddressBody = z.strictObject({
  id: f.id,
  recipient: text('收货人', 1, 30),
  mobile: f.mobile,
  provinceCode: divisionCode,
  cityCode: divisionCode,
  districtCode: divisionCode,
  detail: text('详细地址', 2, 120),
});
export type ShippingAddressBody = z.infer<typeof shippingAddressBody>;

/** Staff ship a prize: carrier and tracking number. */
export const shipmentBody = z.strictObject({
  id: f.id,
  carrier: text('快递公司', 1, 30),
  trackingNo: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{6,40}$/, '快递单号为 6–40 位字母、数字或连字符'),
});

export const activityIdBody = z.strictObject({ activityId: f.id });

export const lotteryResult = z.object({
  activityId: z.number().int(),
  /** pending: not drawn yet; won / lost after the draw. */
  result: z.enum(['pending', 'won', 'lost']),
  /** Whether the caller was among the participants (false before the draw). */
  participated: z.boolean(),
  award: awardItem.nullable(),
  draw: drawInfo,
});
export type LotteryResult = z.infer<typeof lotteryResult>;
