-- A signed retry claims its challenge while the action runs (so a repeat of the
-- same retry meanwhile gets the spec's still-processing 200) and deletes it when done.
ALTER TABLE "wallet_challenges" ADD COLUMN "processing_since" TIMESTAMPTZ(3);
ALTER TABLE "wallet_challenges" ADD COLUMN "approved_by" TEXT;
