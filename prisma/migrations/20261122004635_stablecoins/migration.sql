-- Stablecoins: provider account links, registered stablecoins and their mint/burn operations.

CREATE TABLE "stablecoin_provider_accounts" (
    "id" UUID NOT NULL,
    "platform_id" UUID NOT NULL,
    "provider" TEXT NOT NULL,
    "provider_environment" TEXT NOT NULL,
    "provider_account_id" TEXT NOT NULL,
    "api_client_id" TEXT NOT NULL,
    "api_client_secret_sealed" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "last_verified_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "stablecoin_provider_accounts_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "stablecoin_provider_accounts_platform_id_fkey" FOREIGN KEY ("platform_id") REFERENCES "platforms"("id") ON DELETE CASCADE,
    CONSTRAINT "stablecoin_provider_accounts_status" CHECK ("status" IN ('ACTIVE', 'INVALID', 'REVOKED'))
);
CREATE UNIQUE INDEX "stablecoin_provider_accounts_link_key"
    ON "stablecoin_provider_accounts"("platform_id", "provider", "provider_environment", "provider_account_id");
CREATE INDEX "stablecoin_provider_accounts_platform_id_id_idx" ON "stablecoin_provider_accounts"("platform_id", "id");

CREATE TABLE "stablecoins" (
    "id" UUID NOT NULL,
    "platform_id" UUID NOT NULL,
    "provider_account_link_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "symbol" TEXT NOT NULL,
    "base_currency" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "decimals" INTEGER NOT NULL,
    "issuance_status" TEXT NOT NULL,
    "grid_operations_status" TEXT NOT NULL DEFAULT 'NOT_ENABLED',
    "network_token_identifier" TEXT NOT NULL,
    "provider_token_identifier" TEXT NOT NULL,
    "currency" TEXT,
    "internal_account_id" UUID,
    "enablement_requested_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "stablecoins_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "stablecoins_platform_id_fkey" FOREIGN KEY ("platform_id") REFERENCES "platforms"("id") ON DELETE CASCADE,
    CONSTRAINT "stablecoins_provider_account_link_id_fkey" FOREIGN KEY ("provider_account_link_id") REFERENCES "stablecoin_provider_accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "stablecoins_grid_operations_status" CHECK ("grid_operations_status" IN ('NOT_ENABLED', 'PENDING_APPROVAL', 'ENABLING', 'ENABLED', 'DISABLED')),
    CONSTRAINT "stablecoins_decimals" CHECK ("decimals" BETWEEN 0 AND 18)
);
CREATE UNIQUE INDEX "stablecoins_platform_id_symbol_key" ON "stablecoins"("platform_id", "symbol");
CREATE UNIQUE INDEX "stablecoins_platform_id_network_network_token_identifier_key" ON "stablecoins"("platform_id", "network", "network_token_identifier");
CREATE INDEX "stablecoins_platform_id_id_idx" ON "stablecoins"("platform_id", "id");

CREATE TABLE "stablecoin_operations" (
    "id" UUID NOT NULL,
    "platform_id" UUID NOT NULL,
    "stablecoin_id" UUID NOT NULL,
    "operation_type" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "fiat_amount" BIGINT NOT NULL,
    "source" JSONB NOT NULL,
    "destination" JSONB NOT NULL,
    "funding_instructions" JSONB,
    "estimated_delivery" JSONB,
    "expires_at" TIMESTAMPTZ(3),
    "provider_status" TEXT,
    "failure_reason" TEXT,
    "description" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "stablecoin_operations_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "stablecoin_operations_platform_id_fkey" FOREIGN KEY ("platform_id") REFERENCES "platforms"("id") ON DELETE CASCADE,
    CONSTRAINT "stablecoin_operations_stablecoin_id_fkey" FOREIGN KEY ("stablecoin_id") REFERENCES "stablecoins"("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "stablecoin_operations_amounts_positive" CHECK ("amount" > 0 AND "fiat_amount" > 0)
);
CREATE INDEX "stablecoin_operations_platform_id_stablecoin_id_id_idx" ON "stablecoin_operations"("platform_id", "stablecoin_id", "id");
CREATE INDEX "stablecoin_operations_platform_id_id_idx" ON "stablecoin_operations"("platform_id", "id");
