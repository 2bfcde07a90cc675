/**
 * The built-in sandbox payment provider (docs/payments.md): it behaves like an outside one —
 * its own books (sandbox_* tables), a checkout page where the payer confirms or cancels
 * (./pages.ts), and notifications signed with its Ed25519 key, delivered asynchronously to the
 * platform's notify URL and retried until the platform acknowledges them. Nothing of it is
 * shared with the platform's order code but this module's PaymentProvider face.
 */
import { randomBytes } from 'node:crypto';
import type { Pool } from '../../db/pool.ts';
import type { Logger } from '../../logger.ts';
import type {
  CheckoutRequest,
  IncomingNotification,
  PaymentProvider,
  ProviderNotification,
  RefundRequest,
} from '../provider.ts';
import { generateSigningKeys, signFields, verifyFields } from './signing.ts';
import type { SigningKeys } from './signing.ts';

export const SANDBOX_PROVIDER = 'sandbox';
/** Where the checkout pages are served, beside the web app and the API. */
export const SANDBOX_CHECKOUT_PREFIX = '/sandbox-pay/checkout';

export interface SandboxOptions {
  pool: Pool;
  logger: Logger;
  /** How notifications are sent: POST (JSON body, the default) or GET (query string). */
  notifyMethod: 'GET' | 'POST';
  /** The pause before each retry; the last one repeats until maxAttempts. */
  retryDelaysMs: readonly number[];
  maxAttempts: number;
  /** How often the delivery loop looks for due notifications when not woken. */
  pollMs?: number;
}

export type ConfirmOutcome = 'paid' | 'alreadyPaid' | 'expired' | 'closed' | 'unknown';

export interface SandboxPayment {
  paymentNo: string;
  tradeNo: string;
  subject: string;
  amountFen: number;
  status: 'open' | 'paid' | 'closed';
  expiresAt: Date;
  returnUrl: string;
}

export interface SandboxProvider extends PaymentProvider {
  find(paymentNo: string): Promise<SandboxPayment | null>;
  /** The payer pays: an open, unexpired payment becomes paid and its notification is queued. */
  confirm(paymentNo: string): Promise<ConfirmOutcome>;
  /** The payer gives up on the checkout page: the payment closes, nothing is notified. */
  decline(paymentNo: string): Promise<ConfirmOutcome>;
  /** Starts delivering notifications (once the platform listens). */
  startDelivery(): void;
  stop(): Promise<void>;
  /** Runs one delivery round now (tests; also what the loop does). */
  deliverDue(): Promise<number>;
}

const DEFAULT_POLL_MS = 500;
const DELIVERY_TIMEOUT_MS = 10_000;

async function loadKeys(pool: Pool): Promise<SigningKeys> {
  const fresh = generateSigningKeys();
  await pool.query(
    `INSERT INTO sandbox_provider_keys (id, private_key, public_key) VALUES (1, $1, $2)
     ON CONFLICT (id) DO NOTHING`,
    [fresh.privateKey, fresh.publicKey],
  );
  const row = await pool.query<{ private_key: string; public_key: string }>(
    'SELECT private_key, public_key FROM sandbox_provider_keys WHERE id = 1',
  );
  return { privateKey: row.rows[0]!.private_key, publicKey: row.rows[0]!.public_key };
}

const notifyId = () => `N${randomBytes(12).toString('hex')}`;

export async function createSandboxProvider(options: SandboxOptions): Promise<SandboxProvider> {
  const { pool, logger } = options;
  const keys = await loadKeys(pool);
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let round: Promise<number> | undefined;

  const enqueue = async (url: string, fields: Record<string, string>) => {
    await pool.query(
      `INSERT INTO sandbox_deliveries (url, http_method, fields) VALUES ($1, $2, $3)`,
      [url, options.notifyMethod, JSON.stringify(signFields(fields, keys.privateKey))],
    );
    wake();
  };

  /** Sends one notification; true when the platform acknowledged it. */
  const send = async (url: string, method: 'GET' | 'POST', fields: Record<string, string>) => {
    const target = method === 'GET' ? `${url}?${new URLSearchParams(fields).toString()}` : url;
    const response = await fetch(target, {
      method,
      headers: method === 'POST' ? { 'content-type': 'application/json' } : {},
      body: method === 'POST' ? JSON.stringify(fields) : undefined,
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    const answer = (await response.json().catch(() => null)) as { success?: unknown } | null;
    if (response.ok && answer?.success === true) return null;
    return `HTTP ${response.status}`;
  };

  const deliverDue = async (): Promise<number> => {
    const due = await pool.query<{
      id: string;
      url: string;
      http_method: 'GET' | 'POST';
      fields: Record<string, string>;
      attempts: number;
    }>(
      `SELECT id, url, http_method, fields, attempts FROM sandbox_deliveries
        WHERE acknowledged_at IS NULL AND next_attempt_at <= now() AND attempts < $1
        ORDER BY id LIMIT 20`,
      [options.maxAttempts],
    );
    let delivered = 0;
    for (const d of due.rows) {
      // Claim the attempt first, so a second process (or a crash mid-send) retries later.
      const attempt = d.attempts + 1;
      const delay =
        options.retryDelaysMs[Math.min(attempt - 1, options.retryDelaysMs.length - 1)] ?? 1000;
      const claimed = await pool.query(
        `UPDATE sandbox_deliveries
            SET attempts = $2, next_attempt_at = now() + make_interval(secs => $3::float8 / 1000)
          WHERE id = $1 AND attempts = $4 AND acknowledged_at IS NULL`,
        [d.id, attempt, delay, d.attempts],
      );
      if (claimed.rowCount === 0) continue;
      const failure = await send(d.url, d.http_method, d.fields).catch((err: Error) => err.message);
      if (failure === null) {
        await pool.query('UPDATE sandbox_deliveries SET acknowledged_at = now() WHERE id = $1', [
          d.id,
        ]);
        delivered += 1;
      } else {
        await pool.query('UPDATE sandbox_deliveries SET last_error = $2 WHERE id = $1', [
          d.id,
          failure,
        ]);
        logger.warn(
          { delivery: d.id, attempt, error: failure },
          '沙箱支付：通知未被平台确认，稍后重试',
        );
      }
    }
    return delivered;
  };

  const loop = () => {
    timer = undefined;
    if (!running) return;
    round = deliverDue()
      .catch((err: Error) => {
        logger.warn({ err: err.message }, '沙箱支付：投递通知失败');
        return 0;
      })
      .finally(() => {
        round = undefined;
        if (running) timer = setTimeout(loop, options.pollMs ?? DEFAULT_POLL_MS);
      });
  };
  function wake() {
    if (!running || round) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(loop, 0);
  }

  const find = async (paymentNo: string): Promise<SandboxPayment | null> => {
    const row = await pool.query<{
      payment_no: string;
      trade_no: string;
      subject: string;
      amount_fen: number;
      status: SandboxPayment['status'];
      expires_at: Date;
      return_url: string;
    }>(
      `SELECT payment_no, trade_no, subject, amount_fen, status, expires_at, return_url
         FROM sandbox_payments WHERE payment_no = $1`,
      [paymentNo],
    );
    const r = row.rows[0];
    return r
      ? {
          paymentNo: r.payment_no,
          tradeNo: r.trade_no,
          subject: r.subject,
          amountFen: r.amount_fen,
          status: r.status,
          expiresAt: r.expires_at,
          returnUrl: r.return_url,
        }
      : null;
  };

  return {
    name: SANDBOX_PROVIDER,

    async createCheckout(request: CheckoutRequest) {
      await pool.query(
        `INSERT INTO sandbox_payments
           (payment_no, trade_no, subject, amount_fen, status, notify_url, return_url, expires_at)
         VALUES ($1, $2, $3, $4, 'open', $5, $6, $7) ON CONFLICT (payment_no) DO NOTHING`,
        [
          request.paymentNo,
          `SB${randomBytes(10).toString('hex').toUpperCase()}`,
          request.subject,
          request.amountFen,
          request.notifyUrl,
          request.returnUrl,
          request.expiresAt,
        ],
      );
      return { checkoutUrl: `${SANDBOX_CHECKOUT_PREFIX}/${request.paymentNo}` };
    },

    async close(paymentNo: string) {
      await pool.query(
        `UPDATE sandbox_payments SET status = 'closed' WHERE payment_no = $1 AND status = 'open'`,
        [paymentNo],
      );
    },

    async refund(request: RefundRequest) {
      // Idempotent by refund number: one refund notification per refund, however often asked.
      const payment = await pool.query<{ trade_no: string }>(
        `UPDATE sandbox_payments SET refunded_fen = refunded_fen + $2
          WHERE payment_no = $1 AND status = 'paid' AND refunded_fen + $2 <= amount_fen
            AND NOT EXISTS (SELECT 1 FROM sandbox_deliveries
                             WHERE fields->>'out_refund_no' = $3)
          RETURNING trade_no`,
        [request.paymentNo, request.amountFen, request.refundNo],
      );
      const tradeNo = payment.rows[0]?.trade_no;
      if (tradeNo === undefined) return;
      await enqueue(request.notifyUrl, {
        notify_id: notifyId(),
        notify_type: 'refund',
        notify_time: new Date().toISOString(),
        out_trade_no: request.paymentNo,
        trade_no: tradeNo,
        out_refund_no: request.refundNo,
        amount_fen: String(request.amountFen),
      });
    },

    verify(notification: IncomingNotification): ProviderNotification | null {
      const fields = notification.fields;
      if (!verifyFields(fields, keys.publicKey)) return null;
      const f = fields as Record<string, string>;
      const amountFen = Number(f.amount_fen);
      if (!Number.isSafeInteger(amountFen) || amountFen <= 0) return null;
      const base = {
        notifyId: f.notify_id ?? '',
        paymentNo: f.out_trade_no ?? '',
        amountFen,
        at: f.notify_time ?? '',
      };
      if (f.notify_type === 'paid') return { kind: 'paid', tradeNo: f.trade_no ?? '', ...base };
      if (f.notify_type === 'refund' && f.out_refund_no) {
        return { kind: 'refund', refundNo: f.out_refund_no, ...base };
      }
      return null;
    },

    find,

    async confirm(paymentNo: string): Promise<ConfirmOutcome> {
      const paid = await pool.query<{ trade_no: string; amount_fen: number; notify_url: string }>(
        `UPDATE sandbox_payments SET status = 'paid', paid_at = now()
          WHERE payment_no = $1 AND status = 'open' AND expires_at > now()
          RETURNING trade_no, amount_fen, notify_url`,
        [paymentNo],
      );
      const row = paid.rows[0];
      if (!row) {
        const found = await find(paymentNo);
        if (!found) return 'unknown';
        if (found.status === 'paid') return 'alreadyPaid';
        return found.status === 'closed' ? 'closed' : 'expired';
      }
      await enqueue(row.notify_url, {
        notify_id: notifyId(),
        notify_type: 'paid',
        notify_time: new Date().toISOString(),
        out_trade_no: paymentNo,
        trade_no: row.trade_no,
        amount_fen: String(row.amount_fen),
      });
      return 'paid';
    },

    async decline(paymentNo: string): Promise<ConfirmOutcome> {
      const found = await find(paymentNo);
      if (!found) return 'unknown';
      if (found.status === 'paid') return 'alreadyPaid';
      await pool.query(
        `UPDATE sandbox_payments SET status = 'closed' WHERE payment_no = $1 AND status = 'open'`,
        [paymentNo],
      );
      return 'closed';
    },

    startDelivery() {
      if (running) return;
      running = true;
      wake();
    },

    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await round;
    },

    deliverDue,
  };
}
