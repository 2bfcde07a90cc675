/**
 * What the platform needs of a payment provider (docs/payments.md). The built-in sandbox
 * (./sandbox/) is the default; WeChat Pay v3 or Alipay are adapters behind the same interface.
 * The platform never trusts the browser about money: a payment counts only when the provider's
 * signed notification says so.
 */

export interface CheckoutRequest {
  /** Our number for the payment (the provider's out_trade_no). */
  paymentNo: string;
  amountFen: number;
  /** What the payer sees, e.g. 学生年卡. */
  subject: string;
  /** Absolute URL the provider notifies when the payment succeeds. */
  notifyUrl: string;
  /** Where the payer's browser goes back to after paying. */
  returnUrl: string;
  expiresAt: Date;
}

export interface RefundRequest {
  paymentNo: string;
  /** Our number for the refund (out_refund_no); asking twice with it refunds once. */
  refundNo: string;
  amountFen: number;
  notifyUrl: string;
}

/** A notification whose signature verified, in the platform's terms. */
export type ProviderNotification =
  | {
      kind: 'paid';
      notifyId: string;
      paymentNo: string;
      tradeNo: string;
      amountFen: number;
      at: string;
    }
  | {
      kind: 'refund';
      notifyId: string;
      paymentNo: string;
      refundNo: string;
      amountFen: number;
      at: string;
    };

/** A notification as it arrived: its fields (JSON body or query string) and headers. */
export interface IncomingNotification {
  fields: Record<string, unknown>;
  headers: Record<string, string | string[] | undefined>;
}

export interface PaymentProvider {
  /** Stored with each payment and used in ledger account names, e.g. `sandbox`. */
  readonly name: string;
  /** Opens a payment; answers the page (or QR link) where the payer pays. */
  createCheckout(request: CheckoutRequest): Promise<{ checkoutUrl: string }>;
  /** Closes an unpaid payment so it can no longer be paid (order cancelled or paid otherwise). */
  close(paymentNo: string): Promise<void>;
  /** Asks for a refund; its outcome comes as a refund notification. Idempotent by refundNo. */
  refund(request: RefundRequest): Promise<void>;
  /** The notification, when its signature verifies; null when it does not. */
  verify(notification: IncomingNotification): ProviderNotification | null;
}
