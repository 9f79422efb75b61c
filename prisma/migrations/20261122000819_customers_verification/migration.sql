-- Customers and their verification: KYC/KYB submissions, beneficial owners,
-- documents (stored in the database), hosted KYC links, bulk imports,
-- contact verification and Strong Customer Authentication state.

CREATE TABLE "verifications" (
    "id" UUID NOT NULL,
    "platform_id" UUID NOT NULL,
    "customer_id" UUID NOT NULL,
    "status" TEXT NOT NULL,
    "errors" JSONB NOT NULL DEFAULT '[]',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "verifications_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "verifications_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE CASCADE
);
CREATE INDEX "verifications_platform_id_id_idx" ON "verifications"("platform_id", "id");
CREATE INDEX "verifications_platform_id_customer_id_idx" ON "verifications"("platform_id", "customer_id");

CREATE TABLE "beneficial_owners" (
    "id" UUID NOT NULL,
    "platform_id" UUID NOT NULL,
    "customer_id" UUID NOT NULL,
    "roles" TEXT[],
    "ownership_percentage" INTEGER NOT NULL,
    "personal_info" JSONB NOT NULL,
    "kyc_status" TEXT NOT NULL DEFAULT 'UNVERIFIED',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "beneficial_owners_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "beneficial_owners_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE CASCADE,
    CONSTRAINT "beneficial_owners_ownership_percentage_range" CHECK ("ownership_percentage" BETWEEN 0 AND 100)
);
CREATE INDEX "beneficial_owners_platform_id_id_idx" ON "beneficial_owners"("platform_id", "id");
CREATE INDEX "beneficial_owners_platform_id_customer_id_idx" ON "beneficial_owners"("platform_id", "customer_id");

CREATE TABLE "documents" (
    "id" UUID NOT NULL,
    "platform_id" UUID NOT NULL,
    "holder_type" TEXT NOT NULL,
    "holder_id" UUID NOT NULL,
    "document_type" TEXT NOT NULL,
    "side" TEXT,
    "country" TEXT NOT NULL,
    "document_number" TEXT,
    "issuing_authority" TEXT,
    "file_name" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "size_bytes" INTEGER NOT NULL,
    "content" BYTEA NOT NULL,
    "submitted_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "documents_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "documents_platform_id_fkey" FOREIGN KEY ("platform_id") REFERENCES "platforms"("id") ON DELETE CASCADE,
    CONSTRAINT "documents_holder_type" CHECK ("holder_type" IN ('CUSTOMER', 'BENEFICIAL_OWNER')),
    CONSTRAINT "documents_size_limit" CHECK ("size_bytes" BETWEEN 1 AND 10485760)
);
CREATE INDEX "documents_platform_id_id_idx" ON "documents"("platform_id", "id");
CREATE INDEX "documents_platform_id_holder_id_idx" ON "documents"("platform_id", "holder_id");
-- One document per holder, type and side: a second upload is 409 DOCUMENT_ALREADY_EXISTS (replace with PUT).
CREATE UNIQUE INDEX "documents_holder_type_side_key" ON "documents"("platform_id", "holder_id", "document_type", COALESCE("side", ''));

CREATE TABLE "kyc_links" (
    "id" UUID NOT NULL,
    "platform_id" UUID NOT NULL,
    "customer_id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "redirect_uri" TEXT,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "completed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "kyc_links_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "kyc_links_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE CASCADE
);
CREATE UNIQUE INDEX "kyc_links_token_hash_key" ON "kyc_links"("token_hash");
CREATE INDEX "kyc_links_platform_id_customer_id_idx" ON "kyc_links"("platform_id", "customer_id");

CREATE TABLE "customer_import_jobs" (
    "id" UUID NOT NULL,
    "platform_id" UUID NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'PENDING',
    "csv" TEXT NOT NULL,
    "total" INTEGER NOT NULL DEFAULT 0,
    "processed" INTEGER NOT NULL DEFAULT 0,
    "successful" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "errors" JSONB NOT NULL DEFAULT '[]',
    "completed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "customer_import_jobs_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "customer_import_jobs_platform_id_fkey" FOREIGN KEY ("platform_id") REFERENCES "platforms"("id") ON DELETE CASCADE
);
CREATE INDEX "customer_import_jobs_platform_id_id_idx" ON "customer_import_jobs"("platform_id", "id");

CREATE TABLE "sca_challenges" (
    "id" UUID NOT NULL,
    "platform_id" UUID NOT NULL,
    "customer_id" UUID NOT NULL,
    "purpose" TEXT NOT NULL,
    "target_id" TEXT,
    "code_hash" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "consumed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "sca_challenges_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "sca_challenges_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE CASCADE
);
CREATE INDEX "sca_challenges_platform_id_customer_id_purpose_idx" ON "sca_challenges"("platform_id", "customer_id", "purpose");

CREATE TABLE "customer_sca" (
    "customer_id" UUID NOT NULL,
    "platform_id" UUID NOT NULL,
    "verified_email" TEXT,
    "verified_phone" TEXT,
    "session_expires_at" TIMESTAMPTZ(3),
    "failed_attempts" INTEGER NOT NULL DEFAULT 0,
    "locked_until" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "customer_sca_pkey" PRIMARY KEY ("customer_id"),
    CONSTRAINT "customer_sca_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE CASCADE
);
CREATE INDEX "customer_sca_platform_id_idx" ON "customer_sca"("platform_id");

CREATE TABLE "sca_factors" (
    "id" UUID NOT NULL,
    "platform_id" UUID NOT NULL,
    "customer_id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'PENDING',
    "detail" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "sca_factors_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "sca_factors_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE CASCADE
);
CREATE INDEX "sca_factors_platform_id_customer_id_idx" ON "sca_factors"("platform_id", "customer_id");
-- One active factor of each type per customer (a passkey must be deleted before another is enrolled).
CREATE UNIQUE INDEX "sca_factors_active_type_key" ON "sca_factors"("customer_id", "type") WHERE "status" = 'ACTIVE';

CREATE TABLE "sca_resets" (
    "id" UUID NOT NULL,
    "platform_id" UUID NOT NULL,
    "customer_id" UUID NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'PENDING',
    "completed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "sca_resets_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "sca_resets_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE CASCADE
);
CREATE INDEX "sca_resets_platform_id_customer_id_idx" ON "sca_resets"("platform_id", "customer_id");
