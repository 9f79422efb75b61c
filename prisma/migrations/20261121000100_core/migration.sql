-- Core shared by every group: customers, internal accounts and the double-entry ledger.

CREATE TABLE "customers" (
    "id" UUID NOT NULL,
    "platform_id" UUID NOT NULL,
    "platform_customer_id" TEXT NOT NULL,
    "customer_type" TEXT NOT NULL,
    "kyc_status" TEXT,
    "kyb_status" TEXT,
    "region" TEXT,
    "email" TEXT,
    "phone_number" TEXT,
    "uma_address" TEXT NOT NULL,
    "currencies" TEXT[],
    "profile" JSONB NOT NULL DEFAULT '{}',
    "deleted_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "customers_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "customers_platform_id_fkey" FOREIGN KEY ("platform_id") REFERENCES "platforms"("id") ON DELETE CASCADE
);
CREATE INDEX "customers_platform_id_id_idx" ON "customers"("platform_id", "id");
-- One active customer per platformCustomerId, and per UMA address, within a platform.
CREATE UNIQUE INDEX "customers_platform_customer_id_active_key" ON "customers"("platform_id", "platform_customer_id") WHERE "deleted_at" IS NULL;
CREATE UNIQUE INDEX "customers_uma_address_active_key" ON "customers"("platform_id", lower("uma_address")) WHERE "deleted_at" IS NULL;

CREATE TABLE "internal_accounts" (
    "id" UUID NOT NULL,
    "platform_id" UUID NOT NULL,
    "customer_id" UUID,
    "type" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'ACTIVE',
    "currency" TEXT NOT NULL,
    "available" BIGINT NOT NULL DEFAULT 0,
    "pending" BIGINT NOT NULL DEFAULT 0,
    "private_enabled" BOOLEAN,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "internal_accounts_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "internal_accounts_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "internal_accounts_platform_id_fkey" FOREIGN KEY ("platform_id") REFERENCES "platforms"("id") ON DELETE CASCADE,
    CONSTRAINT "internal_accounts_available_nonnegative" CHECK ("available" >= 0),
    CONSTRAINT "internal_accounts_pending_nonnegative" CHECK ("pending" >= 0)
);
CREATE INDEX "internal_accounts_platform_id_customer_id_idx" ON "internal_accounts"("platform_id", "customer_id");
CREATE INDEX "internal_accounts_platform_id_id_idx" ON "internal_accounts"("platform_id", "id");

CREATE TABLE "ledger_postings" (
    "id" UUID NOT NULL,
    "platform_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "reference" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ledger_postings_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "ledger_postings_platform_id_reference_idx" ON "ledger_postings"("platform_id", "reference");

CREATE TABLE "ledger_entries" (
    "id" BIGSERIAL NOT NULL,
    "posting_id" UUID NOT NULL,
    "platform_id" UUID NOT NULL,
    "internal_account_id" UUID,
    "system_account" TEXT,
    "bucket" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ledger_entries_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "ledger_entries_posting_id_fkey" FOREIGN KEY ("posting_id") REFERENCES "ledger_postings"("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "ledger_entries_one_account" CHECK (("internal_account_id" IS NULL) <> ("system_account" IS NULL)),
    CONSTRAINT "ledger_entries_bucket" CHECK ("bucket" IN ('available', 'pending'))
);
CREATE INDEX "ledger_entries_internal_account_id_idx" ON "ledger_entries"("internal_account_id");
CREATE INDEX "ledger_entries_posting_id_idx" ON "ledger_entries"("posting_id");

-- ledger_post: one balanced posting in one statement. Entries are
-- [{account (internal account uuid) | system (text), bucket, currency, amount}],
-- amounts signed, summing to zero per currency. Internal account rows are
-- updated in uuid order so concurrent postings never deadlock; the CHECK
-- constraints reject any balance that would go below zero (SQLSTATE 23514).
CREATE OR REPLACE FUNCTION ledger_post(p_platform UUID, p_posting UUID, p_kind TEXT, p_reference TEXT, p_entries JSONB)
RETURNS VOID LANGUAGE plpgsql AS $$
DECLARE
  e RECORD;
  n INTEGER;
BEGIN
  IF jsonb_typeof(p_entries) <> 'array' OR jsonb_array_length(p_entries) < 2 THEN
    RAISE EXCEPTION 'ledger posting needs at least two entries' USING ERRCODE = 'ML001';
  END IF;
  IF EXISTS (
    SELECT 1 FROM jsonb_to_recordset(p_entries) AS x(currency TEXT, amount BIGINT)
    GROUP BY currency HAVING sum(amount) <> 0
  ) THEN
    RAISE EXCEPTION 'unbalanced ledger posting' USING ERRCODE = 'ML002';
  END IF;
  INSERT INTO ledger_postings (id, platform_id, kind, reference) VALUES (p_posting, p_platform, p_kind, p_reference);
  FOR e IN
    SELECT account, sum(CASE WHEN bucket = 'available' THEN amount ELSE 0 END) AS d_available,
           sum(CASE WHEN bucket = 'pending' THEN amount ELSE 0 END) AS d_pending, min(currency) AS currency, count(DISTINCT currency) AS currencies
    FROM jsonb_to_recordset(p_entries) AS x(account UUID, bucket TEXT, currency TEXT, amount BIGINT)
    WHERE account IS NOT NULL GROUP BY account ORDER BY account
  LOOP
    IF e.currencies <> 1 THEN
      RAISE EXCEPTION 'account % posted in two currencies', e.account USING ERRCODE = 'ML003';
    END IF;
    UPDATE internal_accounts
       SET available = available + e.d_available, pending = pending + e.d_pending, updated_at = now()
     WHERE id = e.account AND platform_id = p_platform AND currency = e.currency;
    GET DIAGNOSTICS n = ROW_COUNT;
    IF n = 0 THEN
      RAISE EXCEPTION 'internal account % not found in % for this platform', e.account, e.currency USING ERRCODE = 'ML004';
    END IF;
  END LOOP;
  INSERT INTO ledger_entries (posting_id, platform_id, internal_account_id, system_account, bucket, currency, amount)
  SELECT p_posting, p_platform, account, system, bucket, currency, amount
  FROM jsonb_to_recordset(p_entries) AS x(account UUID, system TEXT, bucket TEXT, currency TEXT, amount BIGINT)
  WHERE amount <> 0;
END;
$$;
