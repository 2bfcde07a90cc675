/**
 * The payment side of the services: which provider takes payments, where it calls the platform
 * back, and how long a checkout stays open.
 */
import { API_PREFIX } from '../../contract/envelope.ts';
import type { PaymentProvider } from './provider.ts';

export interface Payments {
  provider: PaymentProvider;
  /** Whether members can pay online at all (false: wallet and desk only). */
  online: boolean;
  /** The platform's absolute origin as the provider reaches it (PUBLIC_URL, or where it listens). */
  publicUrl(): string;
  /** How long a checkout can be paid. */
  checkoutTtlMs: number;
}

/** The absolute URL of a notify call's path (e.g. `/bms/membership/order/paidNotify`). */
export const notifyUrl = (payments: Payments, callPath: string) =>
  `${payments.publicUrl()}${API_PREFIX}${callPath}`;

/** Where the payer's browser goes back to after the checkout. */
export const RETURN_PATH = '/web/order';

/** Why a checkout cannot open when no provider is configured. */
export const NO_ONLINE_PAYMENT = '平台未开通在线支付，请使用钱包余额支付';
