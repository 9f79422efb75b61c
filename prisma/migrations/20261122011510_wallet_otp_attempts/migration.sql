-- Failed OTP attempts against the pending code; the code is dropped after too many.
ALTER TABLE "wallet_credentials" ADD COLUMN "otp_failed_attempts" INTEGER NOT NULL DEFAULT 0;
