-- The claim of a signed-retry challenge has an owner and a short lease (issue 18):
-- after a crash the claim lapses, and the outcome a finished retry committed is
-- kept until it is delivered.
ALTER TABLE "wallet_challenges" ADD COLUMN "claimed_by" UUID;
ALTER TABLE "wallet_challenges" ADD COLUMN "lease_until" TIMESTAMPTZ(3);
ALTER TABLE "wallet_challenges" ADD COLUMN "done_at" TIMESTAMPTZ(3);
ALTER TABLE "wallet_challenges" ADD COLUMN "outcome" JSONB;
