-- Commerce (issue 6): orders on the enrollment lifecycle, payments through a provider, an
-- append-only double-entry ledger, wallets, AI token goods and member points.

-- Memberships and rights take the publication lifecycle (lifecycles/publication.ts). The wire's
-- status '1' (on sale, spec 000 §4) is derived from it, so the two can never disagree.
ALTER TABLE memberships ADD COLUMN publication text NOT NULL DEFAULT 'draft'
  CHECK (publication IN ('draft', 'published', 'unpublished'));
UPDATE memberships SET publication = CASE WHEN status = '1' THEN 'published' ELSE 'draft' END;
ALTER TABLE memberships DROP COLUMN status;
ALTER TABLE memberships ADD COLUMN status text
  GENERATED ALWAYS AS (CASE WHEN publication = 'published' THEN '1' ELSE '0' END) STORED;
ALTER TABLE memberships ADD COLUMN description text NOT NULL DEFAULT '';

ALTER TABLE rights ADD COLUMN id integer GENERATED ALWAYS AS IDENTITY UNIQUE;
ALTER TABLE rights ADD COLUMN description text NOT NULL DEFAULT '';
ALTER TABLE rights ADD COLUMN publication text NOT NULL DEFAULT 'draft'
  CHECK (publication IN ('draft', 'published', 'unpublished'));
UPDATE rights SET publication = 'published';
ALTER TABLE rights ADD COLUMN created_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE rights ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

-- AI token goods: a number of AI assistant tokens sold at a price.
CREATE TABLE ai_token_goods (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL UNIQUE,
  description text NOT NULL DEFAULT '',
  tokens integer NOT NULL CHECK (tokens > 0),
  price_fen integer NOT NULL CHECK (price_fen >= 0),
  sort integer NOT NULL DEFAULT 0,
  publication text NOT NULL DEFAULT 'draft'
    CHECK (publication IN ('draft', 'published', 'unpublished')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Every order a member places, of every kind, on one lifecycle (lifecycles/enrollment.ts;
-- recharge orders on lifecycles/recharge.ts). Later domains add their kinds.
CREATE SEQUENCE order_no_seq;
CREATE TABLE orders (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_no text NOT NULL UNIQUE DEFAULT ('XO' || to_char(now() AT TIME ZONE 'Asia/Shanghai', 'YYYYMMDD')
    || lpad(nextval('order_no_seq')::text, 8, '0')),
  kind text NOT NULL CHECK (kind IN ('membership', 'recharge', 'aiTokens')),
  member_id integer NOT NULL REFERENCES members (id),
  -- The member's organization when ordering: a coach sees their organization's orders.
  organization_id integer NOT NULL REFERENCES organizations (id),
  item_id integer,
  -- What was bought, as it was when bought (the item may change or go later).
  item_name text NOT NULL,
  -- Days of a card, tokens of AI token goods: what the order grants, fixed when it was placed.
  item_units integer,
  amount_fen integer NOT NULL CHECK (amount_fen >= 0),
  state text NOT NULL,
  pay_method text CHECK (pay_method IN ('provider', 'wallet', 'offline')),
  paid_fen integer NOT NULL DEFAULT 0 CHECK (paid_fen >= 0),
  refunded_fen integer NOT NULL DEFAULT 0 CHECK (refunded_fen >= 0 AND refunded_fen <= paid_fen),
  quit_reason text,
  remark text NOT NULL DEFAULT '',
  paid_at timestamptz,
  deleted_at timestamptz,
  created_by_member_id integer REFERENCES members (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX orders_member_idx ON orders (member_id, id DESC);
CREATE INDEX orders_organization_idx ON orders (organization_id, id DESC);
CREATE INDEX orders_state_idx ON orders (state, id);

-- A card granted by an order ends when the order is quit; cards bought later move up.
ALTER TABLE member_memberships ADD COLUMN order_id integer REFERENCES orders (id);
ALTER TABLE member_memberships ADD COLUMN ended_at timestamptz;
ALTER TABLE member_memberships ADD COLUMN remark text NOT NULL DEFAULT '';
CREATE UNIQUE INDEX member_memberships_order_idx ON member_memberships (order_id);

-- A payment asked of a provider for an order. At most one is open per order at a time.
CREATE SEQUENCE payment_no_seq;
CREATE TABLE payments (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  payment_no text NOT NULL UNIQUE DEFAULT ('XP' || to_char(now() AT TIME ZONE 'Asia/Shanghai', 'YYYYMMDD')
    || lpad(nextval('payment_no_seq')::text, 8, '0')),
  order_id integer NOT NULL REFERENCES orders (id),
  provider text NOT NULL,
  amount_fen integer NOT NULL CHECK (amount_fen > 0),
  status text NOT NULL CHECK (status IN ('pending', 'paid', 'closed')),
  checkout_url text NOT NULL,
  provider_trade_no text,
  expires_at timestamptz NOT NULL,
  paid_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX payments_one_pending_idx ON payments (order_id) WHERE status = 'pending';
CREATE INDEX payments_order_idx ON payments (order_id);

-- Money going back: the way it came (provider, wallet or the desk).
CREATE SEQUENCE refund_no_seq;
CREATE TABLE refunds (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  refund_no text NOT NULL UNIQUE DEFAULT ('XR' || to_char(now() AT TIME ZONE 'Asia/Shanghai', 'YYYYMMDD')
    || lpad(nextval('refund_no_seq')::text, 8, '0')),
  order_id integer NOT NULL REFERENCES orders (id),
  payment_id integer REFERENCES payments (id),
  method text NOT NULL CHECK (method IN ('provider', 'wallet', 'offline')),
  amount_fen integer NOT NULL CHECK (amount_fen > 0),
  -- provider refunds are pending until the provider's refund notification
  status text NOT NULL CHECK (status IN ('pending', 'succeeded')),
  reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz
);
CREATE INDEX refunds_order_idx ON refunds (order_id);

-- Every notification a provider sent, whatever became of it: applied, a duplicate, or refused
-- (bad signature, unknown payment, wrong amount). Nothing here changes money by itself.
CREATE TABLE payment_notifications (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  call_id text NOT NULL,
  http_method text NOT NULL,
  kind text,
  reference_no text,
  payload jsonb NOT NULL,
  outcome text NOT NULL,
  detail text NOT NULL DEFAULT '',
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_notifications_reference_idx ON payment_notifications (reference_no);

-- A member's wallet is open unless staff closed it; its balances live in the ledger.
CREATE TABLE wallets (
  member_id integer PRIMARY KEY REFERENCES members (id) ON DELETE CASCADE,
  closed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The ledger (docs/decisions.md "Money"). Each journal moves amounts between accounts and sums
-- to zero per unit; an account's balance is the sum of its entries, kept on the account row so
-- a CHECK stops a wallet going below zero under any concurrency.
CREATE TABLE ledger_accounts (
  id text PRIMARY KEY,
  unit text NOT NULL CHECK (unit IN ('fen', 'aiToken')),
  member_id integer REFERENCES members (id),
  may_go_negative boolean NOT NULL,
  balance bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ledger_accounts_not_overdrawn CHECK (may_go_negative OR balance >= 0)
);
CREATE INDEX ledger_accounts_member_idx ON ledger_accounts (member_id);

CREATE TABLE ledger_journals (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  idempotency_key text NOT NULL UNIQUE,
  kind text NOT NULL,
  order_id integer REFERENCES orders (id),
  reason text,
  actor_member_id integer REFERENCES members (id),
  request_id text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_journals_order_idx ON ledger_journals (order_id);

CREATE TABLE ledger_entries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  journal_id bigint NOT NULL REFERENCES ledger_journals (id),
  account_id text NOT NULL REFERENCES ledger_accounts (id),
  amount bigint NOT NULL CHECK (amount <> 0),
  balance_after bigint NOT NULL
);
CREATE INDEX ledger_entries_account_idx ON ledger_entries (account_id, id);
CREATE INDEX ledger_entries_journal_idx ON ledger_entries (journal_id);

CREATE TRIGGER ledger_journals_append_only
  BEFORE UPDATE OR DELETE ON ledger_journals
  FOR EACH ROW EXECUTE FUNCTION refuse_history_change();
CREATE TRIGGER ledger_entries_append_only
  BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION refuse_history_change();

-- Points a member earned by paying (docs/decisions.md "Member points"); refunds take them back.
CREATE TABLE member_points (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id integer NOT NULL REFERENCES members (id),
  order_id integer REFERENCES orders (id),
  points integer NOT NULL CHECK (points <> 0),
  reason text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (order_id, reason)
);
CREATE INDEX member_points_member_idx ON member_points (member_id, id DESC);

-- The built-in sandbox payment provider keeps its own books, as an outside provider would.
CREATE TABLE sandbox_provider_keys (
  id integer PRIMARY KEY CHECK (id = 1),
  private_key text NOT NULL,
  public_key text NOT NULL
);
CREATE TABLE sandbox_payments (
  payment_no text PRIMARY KEY,
  trade_no text NOT NULL UNIQUE,
  subject text NOT NULL,
  amount_fen integer NOT NULL CHECK (amount_fen > 0),
  refunded_fen integer NOT NULL DEFAULT 0,
  status text NOT NULL CHECK (status IN ('open', 'paid', 'closed')),
  notify_url text NOT NULL,
  return_url text NOT NULL,
  expires_at timestamptz NOT NULL,
  paid_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE sandbox_deliveries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  url text NOT NULL,
  http_method text NOT NULL CHECK (http_method IN ('GET', 'POST')),
  fields jsonb NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  acknowledged_at timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sandbox_deliveries_due_idx ON sandbox_deliveries (next_attempt_at)
  WHERE acknowledged_at IS NULL;
