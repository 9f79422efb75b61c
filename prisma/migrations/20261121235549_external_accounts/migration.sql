-- External accounts (bank accounts and wallets outside Meridian) of customers and platforms.

CREATE TABLE "external_accounts" (
    "id" UUID NOT NULL,
    "platform_id" UUID NOT NULL,
    "customer_id" UUID,
    "status" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "account_type" TEXT NOT NULL,
    "account_info" JSONB NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "platform_account_id" TEXT,
    "ownership_type" TEXT,
    "default_uma_deposit_account" BOOLEAN NOT NULL DEFAULT false,
    "beneficiary_verification_status" TEXT,
    "beneficiary_verified_data" JSONB,
    "trusted" BOOLEAN NOT NULL DEFAULT false,
    "ownership_challenge" JSONB,
    "deleted_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "external_accounts_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "external_accounts_platform_id_fkey" FOREIGN KEY ("platform_id") REFERENCES "platforms"("id") ON DELETE CASCADE,
    CONSTRAINT "external_accounts_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE RESTRICT,
    CONSTRAINT "external_accounts_platform_account_id_length" CHECK (char_length("platform_account_id") <= 255)
);
CREATE INDEX "external_accounts_platform_id_customer_id_id_idx" ON "external_accounts"("platform_id", "customer_id", "id");
-- One live account per identity per owner (customer, or the platform itself).
CREATE UNIQUE INDEX "external_accounts_owner_fingerprint_key" ON "external_accounts"("platform_id", COALESCE("customer_id", '00000000-0000-0000-0000-000000000000'::uuid), "fingerprint") WHERE "deleted_at" IS NULL;
-- At most one default UMA deposit account per customer.
CREATE UNIQUE INDEX "external_accounts_default_uma_deposit_key" ON "external_accounts"("customer_id") WHERE "default_uma_deposit_account" AND "deleted_at" IS NULL;

-- The platform's own internal accounts are created on first use, one per currency and type.
CREATE UNIQUE INDEX "internal_accounts_platform_own_key" ON "internal_accounts"("platform_id", "currency", "type") WHERE "customer_id" IS NULL;
