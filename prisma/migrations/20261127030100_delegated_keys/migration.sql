-- Delegated signing keys (reference: /auth/delegated-keys, issue 19): the wallet holder
-- lets the platform's card program spend from their embedded wallet for one card, by
-- approving (two signed retries with a session key) a server-custodied P-256 key bound to
-- the (card, wallet) funding binding. The private key is derived from MERIDIAN_SECRET_KEY
-- and the key id (lib/domain/wallet-auth/delegated-keys.ts), never stored.
-- PENDING: the first approval is in, the second (the policy) is not; the key cannot sign.
-- ACTIVE: card authorizations may debit the wallet under it. REVOKED: it can no longer sign.
CREATE TABLE "delegated_keys" (
    "id" UUID NOT NULL,
    "platform_id" UUID NOT NULL,
    "card_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    -- The CardFundingSource id of the (card, account) binding (derived from both ids).
    "funding_source_id" UUID NOT NULL,
    "public_key" TEXT NOT NULL,
    "nickname" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    -- The compressed session key that approved the flow (both legs are signed with it).
    "approved_by" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revoked_at" TIMESTAMPTZ(3),
    CONSTRAINT "delegated_keys_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "delegated_keys_platform_id_fkey" FOREIGN KEY ("platform_id") REFERENCES "platforms"("id") ON DELETE CASCADE,
    CONSTRAINT "delegated_keys_card_id_fkey" FOREIGN KEY ("card_id") REFERENCES "cards"("id") ON DELETE CASCADE,
    CONSTRAINT "delegated_keys_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "internal_accounts"("id") ON DELETE CASCADE,
    CONSTRAINT "delegated_keys_status_check" CHECK ("status" IN ('PENDING', 'ACTIVE', 'REVOKED')),
    CONSTRAINT "delegated_keys_public_key_check" CHECK ("public_key" ~ '^0[23][0-9a-f]{64}$')
);
-- At most one ACTIVE key per card funding source (the reference's 409).
CREATE UNIQUE INDEX "delegated_keys_one_active_key" ON "delegated_keys"("card_id", "account_id") WHERE "status" = 'ACTIVE';
-- GET /auth/delegated-keys?accountId | fundingSourceId
CREATE INDEX "delegated_keys_platform_id_account_id_id_idx" ON "delegated_keys"("platform_id", "account_id", "id");
CREATE INDEX "delegated_keys_platform_id_funding_source_id_id_idx" ON "delegated_keys"("platform_id", "funding_source_id", "id");
