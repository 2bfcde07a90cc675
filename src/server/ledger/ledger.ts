/**
 * The ledger (docs/decisions/commerce-and-payments.md "Money"): money and AI tokens move only as
 * journals of entries that sum to zero per unit, each journal written once under its idempotency
 * key. An account's balance is the sum of its entries; it is also kept on the account row, updated
 * in the same transaction, so a member's wallet can be refused below zero under any concurrency
 * (the row update serialises spenders) and `xinao ledger check` can prove the two agree.
 */
import type { PoolClient } from '../db/pool.ts';
import { fail } from '../http/app-error.ts';

export type LedgerUnit = 'fen' | 'aiToken';

/**
 * Account ids. Members' accounts never go below zero; the platform's may (revenue falls with a
 * refund, the provider's account is minus what came in through it).
 */
export const ledgerAccount = {
  /** What a member holds in their wallet, in fen. */
  wallet: (memberId: number) => `wallet:${memberId}`,
  /** A member's AI assistant tokens. */
  aiTokens: (memberId: number) => `aiTokens:${memberId}`,
  /** What the platform earned. */
  revenue: 'revenue',
  /** Money that came in (negative) through a payment provider, or went back through it. */
  provider: (name: string) => `provider:${name}`,
  /** Refunds decided but not yet confirmed by the provider's refund notification. */
  refundsPending: (name: string) => `refundsPending:${name}`,
  /** Money taken or given back at the desk (setPaid, offline refunds). */
  offline: 'offline',
  /** The other side of staff adjustments to a wallet. */
  adjustments: 'adjustments',
  /** AI tokens the platform has issued (negative) against the members' token accounts. */
  aiTokensIssued: 'aiTokensIssued',
} as const;

interface AccountSpec {
  unit: LedgerUnit;
  memberId: number | null;
  mayGoNegative: boolean;
}

/** What an account id means: its unit, its member, whether it may go below zero. */
export function accountSpec(id: string): AccountSpec {
  const [prefix, rest] = id.split(':', 2) as [string, string | undefined];
  const memberId = rest !== undefined && /^\d+$/.test(rest) ? Number(rest) : null;
  if (prefix === 'wallet' && memberId !== null)
    return { unit: 'fen', memberId, mayGoNegative: false };
  if (prefix === 'aiTokens' && memberId !== null) {
    return { unit: 'aiToken', memberId, mayGoNegative: false };
  }
  if (id === ledgerAccount.aiTokensIssued) {
    return { unit: 'aiToken', memberId: null, mayGoNegative: true };
  }
  if (
    id === ledgerAccount.revenue ||
    id === ledgerAccount.offline ||
    id === ledgerAccount.adjustments ||
    ((prefix === 'provider' || prefix === 'refundsPending') && rest)
  ) {
    return { unit: 'fen', memberId: null, mayGoNegative: true };
  }
  throw new Error(`unknown ledger account ${id}`);
}

export interface LedgerEntry {
  account: string;
  /** Positive: the account gains; negative: it gives. */
  amount: number;
}

export interface Journal {
  /** The same key twice writes once: a retried payment or notification moves nothing twice. */
  idempotencyKey: string;
  /** What happened, e.g. `orderPaid`, `walletPay`, `refund`, `adjustment`. */
  kind: string;
  orderId?: number | null;
  reason?: string | null;
  actorMemberId?: number | null;
  requestId?: string | null;
  entries: LedgerEntry[];
}

/** Throws unless every amount is a non-zero integer and each unit sums to zero. */
export function assertBalanced(entries: readonly LedgerEntry[]): void {
  if (entries.length < 2) throw new Error('a journal needs at least two entries');
  const sums = new Map<LedgerUnit, number>();
  for (const e of entries) {
    if (!Number.isSafeInteger(e.amount) || e.amount === 0) {
      throw new Error(`ledger amount must be a non-zero integer, got ${e.amount}`);
    }
    const unit = accountSpec(e.account).unit;
    sums.set(unit, (sums.get(unit) ?? 0) + e.amount);
  }
  for (const [unit, sum] of sums) {
    if (sum !== 0) throw new Error(`journal does not balance: ${unit} sums to ${sum}`);
  }
}

const shortfallMessage: Record<LedgerUnit, string> = {
  fen: '余额不足',
  aiToken: 'AI 额度不足',
};

/**
 * Writes a journal inside the caller's transaction. Answers false, changing nothing, when its
 * idempotency key was written before. A member account that would go below zero refuses with
 * INSUFFICIENT_BALANCE (the caller's transaction then rolls back whatever else it did).
 */
export async function postJournal(client: PoolClient, journal: Journal): Promise<boolean> {
  assertBalanced(journal.entries);
  const inserted = await client.query<{ id: string }>(
    `INSERT INTO ledger_journals (idempotency_key, kind, order_id, reason, actor_member_id, request_id)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
    [
      journal.idempotencyKey,
      journal.kind,
      journal.orderId ?? null,
      journal.reason ?? null,
      journal.actorMemberId ?? null,
      journal.requestId ?? null,
    ],
  );
  const journalId = inserted.rows[0]?.id;
  if (journalId === undefined) return false;

  // One lock order for every journal, so two journals over the same accounts cannot deadlock.
  const entries = [...journal.entries].sort((a, b) => (a.account < b.account ? -1 : 1));
  for (const entry of entries) {
    const spec = accountSpec(entry.account);
    await client.query(
      `INSERT INTO ledger_accounts (id, unit, member_id, may_go_negative) VALUES ($1, $2, $3, $4)
       ON CONFLICT (id) DO NOTHING`,
      [entry.account, spec.unit, spec.memberId, spec.mayGoNegative],
    );
    const moved = await client.query<{ balance: string }>(
      `UPDATE ledger_accounts SET balance = balance + $2
        WHERE id = $1 AND (may_go_negative OR balance + $2 >= 0) RETURNING balance`,
      [entry.account, entry.amount],
    );
    const balance = moved.rows[0]?.balance;
    if (balance === undefined) throw fail('INSUFFICIENT_BALANCE', shortfallMessage[spec.unit]);
    await client.query(
      `INSERT INTO ledger_entries (journal_id, account_id, amount, balance_after)
       VALUES ($1, $2, $3, $4)`,
      [journalId, entry.account, entry.amount, balance],
    );
  }
  return true;
}

/** An account's balance (0 when it has never moved). */
export async function balanceOf(db: Pick<PoolClient, 'query'>, account: string): Promise<number> {
  const found = await db.query<{ balance: string }>(
    'SELECT balance FROM ledger_accounts WHERE id = $1',
    [account],
  );
  return Number(found.rows[0]?.balance ?? 0);
}
