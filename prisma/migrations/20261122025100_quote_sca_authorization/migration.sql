-- Quote authorization (SCA) and passkey SCA factors.
-- quotes.sca_required: the quote's customer was in an SCA region when it was
-- priced, so executing it issues a challenge instead of moving money (NULL = no).
ALTER TABLE "quotes" ADD COLUMN "sca_required" BOOLEAN;
-- sca_challenges.detail: factor material that is not a code (the WebAuthn
-- challenge of a PASSKEY challenge); sends: how often its code went out.
ALTER TABLE "sca_challenges" ADD COLUMN "detail" TEXT;
ALTER TABLE "sca_challenges" ADD COLUMN "sends" INTEGER NOT NULL DEFAULT 1;
