/**
 * No online provider (PAYMENT_PROVIDER=none, the default in production until a real provider is
 * configured): checkouts are refused with a clear message, so members pay from their wallet;
 * nothing a provider would send is ever trusted.
 */
import type { PaymentProvider } from './provider.ts';

export const NO_PROVIDER: PaymentProvider = {
  name: 'none',
  createCheckout: () => Promise.reject(new Error('no online payment provider is configured')),
  close: () => Promise.resolve(),
  refund: () => Promise.reject(new Error('no online payment provider is configured')),
  verify: () => null,
};
