-- Fixed-window counters shared by every instance: failed sign-in attempts per
-- identity and per source address, OTP challenges per credential, and
-- per-platform request counts. A key is a SHA-256 of rule and subject, so
-- emails and addresses are not stored; a row past resets_at starts over.
CREATE TABLE "auth_throttle" (
    "key" TEXT NOT NULL,
    "hits" INTEGER NOT NULL,
    "resets_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "auth_throttle_pkey" PRIMARY KEY ("key")
);

CREATE INDEX "auth_throttle_resets_at_idx" ON "auth_throttle"("resets_at");
