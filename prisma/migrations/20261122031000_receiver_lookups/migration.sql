-- Receiver lookups (GET /receiver/uma/..., /receiver/external-account/...): a quote to a UMA
-- address must name the lookupId of a recent lookup of that address.
CREATE TABLE "receiver_lookups" (
    "id" UUID NOT NULL,
    "platform_id" UUID NOT NULL,
    "uma_address" TEXT,
    "external_account_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "receiver_lookups_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "receiver_lookups_platform_id_id_idx" ON "receiver_lookups"("platform_id", "id");
