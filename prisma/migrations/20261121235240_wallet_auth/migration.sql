-- Embedded Wallet Auth: credentials, sessions (public keys only) and pending signed-retry challenges.

CREATE TABLE "wallet_credentials" (
    "id" UUID NOT NULL,
    "platform_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "customer_id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "nickname" TEXT NOT NULL,
    "email" TEXT,
    "phone_number" TEXT,
    "webauthn_credential_id" TEXT,
    "webauthn_public_key" BYTEA,
    "webauthn_counter" BIGINT,
    "webauthn_transports" JSONB NOT NULL DEFAULT '[]',
    "registration_challenge" TEXT,
    "oidc_issuer" TEXT,
    "oidc_audience" TEXT,
    "oidc_subject" TEXT,
    "otp_target_seed" TEXT,
    "otp_code_hash" TEXT,
    "otp_expires_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "wallet_credentials_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "wallet_credentials_platform_id_fkey" FOREIGN KEY ("platform_id") REFERENCES "platforms"("id") ON DELETE CASCADE,
    CONSTRAINT "wallet_credentials_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "internal_accounts"("id") ON DELETE CASCADE,
    CONSTRAINT "wallet_credentials_type_check" CHECK ("type" IN ('EMAIL_OTP', 'SMS_OTP', 'PASSKEY', 'OAUTH'))
);
CREATE INDEX "wallet_credentials_platform_id_account_id_idx" ON "wallet_credentials"("platform_id", "account_id");
-- One EMAIL_OTP and one SMS_OTP credential per internal account.
CREATE UNIQUE INDEX "wallet_credentials_one_email_otp_key" ON "wallet_credentials"("account_id") WHERE "type" = 'EMAIL_OTP';
CREATE UNIQUE INDEX "wallet_credentials_one_sms_otp_key" ON "wallet_credentials"("account_id") WHERE "type" = 'SMS_OTP';
-- An email (phone) is tied to at most one EMAIL_OTP (SMS_OTP) credential of a platform.
CREATE UNIQUE INDEX "wallet_credentials_email_key" ON "wallet_credentials"("platform_id", lower("email")) WHERE "type" = 'EMAIL_OTP';
CREATE UNIQUE INDEX "wallet_credentials_phone_key" ON "wallet_credentials"("platform_id", "phone_number") WHERE "type" = 'SMS_OTP';
-- A WebAuthn credential is registered once per platform, one passkey per customer, and a registration challenge works once.
CREATE UNIQUE INDEX "wallet_credentials_webauthn_id_key" ON "wallet_credentials"("platform_id", "webauthn_credential_id") WHERE "webauthn_credential_id" IS NOT NULL;
CREATE UNIQUE INDEX "wallet_credentials_one_passkey_key" ON "wallet_credentials"("customer_id") WHERE "type" = 'PASSKEY';
CREATE UNIQUE INDEX "wallet_credentials_registration_challenge_key" ON "wallet_credentials"("platform_id", "registration_challenge") WHERE "registration_challenge" IS NOT NULL;

CREATE TABLE "wallet_sessions" (
    "id" UUID NOT NULL,
    "platform_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "credential_id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "nickname" TEXT NOT NULL,
    "public_key" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "revoked_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "wallet_sessions_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "wallet_sessions_credential_id_fkey" FOREIGN KEY ("credential_id") REFERENCES "wallet_credentials"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "wallet_sessions_public_key_check" CHECK ("public_key" ~ '^0[23][0-9a-f]{64}$')
);
CREATE INDEX "wallet_sessions_account_id_public_key_idx" ON "wallet_sessions"("account_id", "public_key");
CREATE INDEX "wallet_sessions_platform_id_account_id_idx" ON "wallet_sessions"("platform_id", "account_id");

CREATE TABLE "wallet_challenges" (
    "id" UUID NOT NULL,
    "platform_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "purpose" TEXT NOT NULL,
    "request_hash" TEXT NOT NULL,
    "payload_to_sign" TEXT NOT NULL,
    "signer_public_key" TEXT,
    "data" JSONB NOT NULL DEFAULT '{}',
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "wallet_challenges_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "wallet_challenges_platform_id_fkey" FOREIGN KEY ("platform_id") REFERENCES "platforms"("id") ON DELETE CASCADE
);
CREATE INDEX "wallet_challenges_expires_at_idx" ON "wallet_challenges"("expires_at");
