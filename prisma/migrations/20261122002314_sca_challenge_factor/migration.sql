-- The factor a challenge is answered with (SMS_OTP codes are issued and hashed; TOTP codes come from the enrolled secret).
ALTER TABLE "sca_challenges" ADD COLUMN "factor" TEXT;
ALTER TABLE "sca_resets" ADD COLUMN "factor" TEXT;
