-- Cards: issued cards (secrets sealed with AES-256-GCM by the app), single-use
-- reveal tokens (hashes only) and card transactions, plus card_authorize, the
-- one-round-trip authorization used by the hot path.

CREATE TABLE "cards" (
    "id" UUID NOT NULL,
    "platform_id" UUID NOT NULL,
    "customer_id" UUID NOT NULL,
    "funding_source_id" UUID NOT NULL,
    "platform_card_id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "brand" TEXT NOT NULL,
    "form" TEXT NOT NULL,
    "last4" TEXT NOT NULL,
    "exp_month" INTEGER NOT NULL,
    "exp_year" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "processor_ref" TEXT NOT NULL,
    "issuer_ref" TEXT NOT NULL,
    "secrets_sealed" TEXT NOT NULL,
    "closed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "cards_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "cards_platform_id_fkey" FOREIGN KEY ("platform_id") REFERENCES "platforms"("id") ON DELETE CASCADE,
    CONSTRAINT "cards_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE RESTRICT,
    CONSTRAINT "cards_funding_source_id_fkey" FOREIGN KEY ("funding_source_id") REFERENCES "internal_accounts"("id") ON DELETE RESTRICT,
    CONSTRAINT "cards_status_check" CHECK ("status" IN ('PROCESSING', 'ACTIVE', 'FROZEN', 'CLOSED')),
    CONSTRAINT "cards_last4_check" CHECK ("last4" ~ '^[0-9]{4}$')
);
CREATE INDEX "cards_platform_id_id_idx" ON "cards"("platform_id", "id");
CREATE INDEX "cards_platform_id_customer_id_idx" ON "cards"("platform_id", "customer_id");
CREATE UNIQUE INDEX "cards_platform_card_id_key" ON "cards"("platform_id", "platform_card_id");
-- Live-card counts for the card limits scan only these rows.
CREATE INDEX "cards_live_idx" ON "cards"("platform_id", "customer_id") WHERE "status" <> 'CLOSED';

CREATE TABLE "card_reveal_tokens" (
    "id" UUID NOT NULL,
    "platform_id" UUID NOT NULL,
    "card_id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "card_reveal_tokens_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "card_reveal_tokens_card_id_fkey" FOREIGN KEY ("card_id") REFERENCES "cards"("id") ON DELETE CASCADE
);
CREATE UNIQUE INDEX "card_reveal_tokens_token_hash_key" ON "card_reveal_tokens"("token_hash");
CREATE INDEX "card_reveal_tokens_card_id_idx" ON "card_reveal_tokens"("card_id");

CREATE TABLE "card_transactions" (
    "id" UUID NOT NULL,
    "platform_id" UUID NOT NULL,
    "card_id" UUID NOT NULL,
    "customer_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "direction" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "merchant_descriptor" TEXT NOT NULL,
    "merchant_mcc" TEXT,
    "merchant_country" TEXT,
    "authorized_amount" BIGINT NOT NULL,
    "settled_amount" BIGINT NOT NULL DEFAULT 0,
    "refunded_amount" BIGINT NOT NULL DEFAULT 0,
    "pull_count" INTEGER NOT NULL DEFAULT 0,
    "pull_total" BIGINT NOT NULL DEFAULT 0,
    "settlement_count" INTEGER NOT NULL DEFAULT 0,
    "refund_count" INTEGER NOT NULL DEFAULT 0,
    "original_transaction_id" UUID,
    "issuer_transaction_token" TEXT NOT NULL,
    "authorized_at" TIMESTAMPTZ(3),
    "last_event_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "card_transactions_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "card_transactions_card_id_fkey" FOREIGN KEY ("card_id") REFERENCES "cards"("id") ON DELETE RESTRICT,
    CONSTRAINT "card_transactions_original_fkey" FOREIGN KEY ("original_transaction_id") REFERENCES "card_transactions"("id") ON DELETE RESTRICT,
    CONSTRAINT "card_transactions_direction_check" CHECK ("direction" IN ('DEBIT', 'CREDIT')),
    CONSTRAINT "card_transactions_amounts_check" CHECK ("authorized_amount" >= 0 AND "settled_amount" >= 0 AND "refunded_amount" >= 0 AND "refunded_amount" <= "settled_amount"),
    -- A refund row always points at its original; a debit never does.
    CONSTRAINT "card_transactions_credit_has_original" CHECK (("direction" = 'CREDIT') = ("original_transaction_id" IS NOT NULL))
);
CREATE INDEX "card_transactions_platform_id_card_id_id_idx" ON "card_transactions"("platform_id", "card_id", "id");
CREATE INDEX "card_transactions_original_transaction_id_idx" ON "card_transactions"("original_transaction_id");

-- card_authorize: the whole approval of one authorization in one statement.
-- The card row is share-locked so a concurrent freeze or close waits for
-- in-flight authorizations (and later ones see the new status); the pull goes
-- through ledger_post, whose CHECKs refuse an uncovered amount (23514).
-- p_authorizable is the list of card statuses that may authorize, passed in
-- from the status table in lib/domain/cards/status.ts.
CREATE OR REPLACE FUNCTION card_authorize(
  p_platform UUID, p_card UUID, p_txn UUID, p_posting UUID, p_amount BIGINT, p_currency TEXT,
  p_descriptor TEXT, p_mcc TEXT, p_country TEXT, p_token TEXT, p_authorizable TEXT[], p_status TEXT)
RETURNS TABLE (o_customer UUID, o_account UUID, o_at TIMESTAMPTZ) LANGUAGE plpgsql AS $$
DECLARE
  c RECORD;
  v_at TIMESTAMPTZ := date_trunc('milliseconds', now());
BEGIN
  SELECT cd.status, cd.customer_id, cd.funding_source_id, cd.currency INTO c
    FROM cards cd WHERE cd.id = p_card AND cd.platform_id = p_platform FOR SHARE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'card % not found', p_card USING ERRCODE = 'MC001';
  END IF;
  IF NOT (c.status = ANY (p_authorizable)) THEN
    RAISE EXCEPTION 'card not authorizable: %', c.status USING ERRCODE = 'MC002';
  END IF;
  IF c.currency <> p_currency THEN
    RAISE EXCEPTION 'card currency is %', c.currency USING ERRCODE = 'MC003';
  END IF;
  PERFORM ledger_post(p_platform, p_posting, 'CARD_PULL', 'CardTransaction:' || p_txn::text, jsonb_build_array(
    jsonb_build_object('account', c.funding_source_id, 'bucket', 'available', 'currency', p_currency, 'amount', -p_amount),
    jsonb_build_object('system', 'CARD_NETWORK', 'bucket', 'available', 'currency', p_currency, 'amount', p_amount)));
  INSERT INTO card_transactions (id, platform_id, card_id, customer_id, account_id, direction, status, currency,
      merchant_descriptor, merchant_mcc, merchant_country, authorized_amount, pull_count, pull_total,
      issuer_transaction_token, authorized_at, last_event_at, created_at, updated_at)
    VALUES (p_txn, p_platform, p_card, c.customer_id, c.funding_source_id, 'DEBIT', p_status, p_currency,
      p_descriptor, p_mcc, p_country, p_amount, 1, p_amount, p_token, v_at, v_at, v_at, v_at);
  RETURN QUERY SELECT c.customer_id, c.funding_source_id, v_at;
END;
$$;
