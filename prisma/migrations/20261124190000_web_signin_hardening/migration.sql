-- Sign-in hardening (issue 16 item 10).
-- 1. An OTP credential keeps every pending code (target key seed, code hash, expiry) instead of
--    one: a re-challenge by someone else no longer cancels the code the owner is typing.
ALTER TABLE "wallet_credentials" ADD COLUMN "otp_pending" JSONB NOT NULL DEFAULT '[]';
UPDATE "wallet_credentials"
SET "otp_pending" = jsonb_build_array(jsonb_build_object(
      'seed', "otp_target_seed",
      'codeHash', "otp_code_hash",
      'expiresAt', to_char("otp_expires_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
WHERE "otp_target_seed" IS NOT NULL AND "otp_expires_at" IS NOT NULL;
ALTER TABLE "wallet_credentials" DROP COLUMN "otp_target_seed", DROP COLUMN "otp_code_hash", DROP COLUMN "otp_expires_at";

-- 2. The web app's sign-in tickets are single use: a used ticket's id is kept until it expires.
CREATE TABLE "web_signin_tickets" (
    "jti" UUID NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "web_signin_tickets_pkey" PRIMARY KEY ("jti")
);
CREATE INDEX "web_signin_tickets_expires_at_idx" ON "web_signin_tickets"("expires_at");
