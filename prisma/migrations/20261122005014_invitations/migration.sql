-- UMA invitations.
CREATE TABLE "invitations" (
    "id" UUID NOT NULL,
    "platform_id" UUID NOT NULL,
    "code" TEXT NOT NULL,
    "customer_id" UUID NOT NULL,
    "inviter_uma" TEXT NOT NULL,
    "invitee_uma" TEXT,
    "first_name" TEXT,
    "amount_to_send" BIGINT,
    "amount_currency" TEXT,
    "status" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3),
    "claimed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "invitations_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "invitations_platform_id_fkey" FOREIGN KEY ("platform_id") REFERENCES "platforms"("id") ON DELETE CASCADE,
    CONSTRAINT "invitations_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE RESTRICT,
    CONSTRAINT "invitations_amount_to_send_nonnegative" CHECK ("amount_to_send" IS NULL OR "amount_to_send" > 0)
);
CREATE UNIQUE INDEX "invitations_code_key" ON "invitations"("code");
CREATE INDEX "invitations_platform_id_id_idx" ON "invitations"("platform_id", "id");
