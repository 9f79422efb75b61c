-- Agents: agents under a policy, device codes, usage counters with an atomic reservation, and actions awaiting approval.

CREATE TABLE "agents" (
    "id" UUID NOT NULL,
    "platform_id" UUID NOT NULL,
    "customer_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "is_paused" BOOLEAN NOT NULL DEFAULT false,
    "policy" JSONB NOT NULL,
    "access_token_hash" TEXT,
    "connected_at" TIMESTAMPTZ(3),
    "deleted_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "agents_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "agents_platform_id_fkey" FOREIGN KEY ("platform_id") REFERENCES "platforms"("id") ON DELETE CASCADE,
    CONSTRAINT "agents_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE RESTRICT
);
CREATE UNIQUE INDEX "agents_access_token_hash_key" ON "agents"("access_token_hash");
CREATE INDEX "agents_platform_id_id_idx" ON "agents"("platform_id", "id");
CREATE INDEX "agents_platform_id_customer_id_idx" ON "agents"("platform_id", "customer_id");

CREATE TABLE "agent_device_codes" (
    "id" UUID NOT NULL,
    "platform_id" UUID NOT NULL,
    "agent_id" UUID NOT NULL,
    "code_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "redeemed_at" TIMESTAMPTZ(3),
    "invalidated_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "agent_device_codes_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "agent_device_codes_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE CASCADE
);
CREATE UNIQUE INDEX "agent_device_codes_code_hash_key" ON "agent_device_codes"("code_hash");
CREATE INDEX "agent_device_codes_agent_id_idx" ON "agent_device_codes"("agent_id");

CREATE TABLE "agent_usage" (
    "agent_id" UUID NOT NULL,
    "period_key" TEXT NOT NULL,
    "spent" BIGINT NOT NULL DEFAULT 0,
    "count" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "agent_usage_pkey" PRIMARY KEY ("agent_id", "period_key"),
    CONSTRAINT "agent_usage_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE CASCADE,
    CONSTRAINT "agent_usage_nonnegative" CHECK ("spent" >= 0 AND "count" >= 0)
);

CREATE TABLE "agent_actions" (
    "id" UUID NOT NULL,
    "platform_id" UUID NOT NULL,
    "agent_id" UUID NOT NULL,
    "customer_id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "transaction_id" UUID NOT NULL,
    "quote_id" UUID,
    "request" JSONB NOT NULL,
    "transfer_details" JSONB,
    "policy_amount" BIGINT NOT NULL,
    "usage_day" TEXT NOT NULL,
    "usage_month" TEXT NOT NULL,
    "rejection_reason" TEXT,
    "failure_reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "agent_actions_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "agent_actions_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE CASCADE,
    CONSTRAINT "agent_actions_status" CHECK ("status" IN ('PENDING_APPROVAL', 'APPROVED', 'REJECTED', 'FAILED'))
);
CREATE UNIQUE INDEX "agent_actions_transaction_id_key" ON "agent_actions"("transaction_id");
CREATE INDEX "agent_actions_platform_id_agent_id_id_idx" ON "agent_actions"("platform_id", "agent_id", "id");
CREATE INDEX "agent_actions_platform_id_status_id_idx" ON "agent_actions"("platform_id", "status", "id");

-- agent_usage_reserve: counts one agent operation against its daily and
-- monthly limits in one statement each. The conditional UPDATEs re-check the
-- limit after taking the row lock, so concurrent operations can never together
-- cross a limit; rows are always locked day first, then month (no deadlocks).
-- Returns 'OK' or the rule that refused: DAILY_TRANSACTION_LIMIT, DAILY_LIMIT, MONTHLY_LIMIT.
CREATE OR REPLACE FUNCTION agent_usage_reserve(p_agent UUID, p_day TEXT, p_month TEXT, p_amount BIGINT, p_daily BIGINT, p_monthly BIGINT, p_daily_count INTEGER)
RETURNS TEXT LANGUAGE plpgsql AS $$
DECLARE
  n INTEGER;
  c INTEGER;
BEGIN
  INSERT INTO agent_usage (agent_id, period_key) VALUES (p_agent, p_day), (p_agent, p_month) ON CONFLICT DO NOTHING;
  UPDATE agent_usage SET spent = spent + p_amount, count = count + 1
   WHERE agent_id = p_agent AND period_key = p_day
     AND (p_daily IS NULL OR spent + p_amount <= p_daily)
     AND (p_daily_count IS NULL OR count + 1 <= p_daily_count);
  GET DIAGNOSTICS n = ROW_COUNT;
  IF n = 0 THEN
    SELECT count INTO c FROM agent_usage WHERE agent_id = p_agent AND period_key = p_day;
    IF p_daily_count IS NOT NULL AND c + 1 > p_daily_count THEN
      RETURN 'DAILY_TRANSACTION_LIMIT';
    END IF;
    RETURN 'DAILY_LIMIT';
  END IF;
  UPDATE agent_usage SET spent = spent + p_amount, count = count + 1
   WHERE agent_id = p_agent AND period_key = p_month
     AND (p_monthly IS NULL OR spent + p_amount <= p_monthly);
  GET DIAGNOSTICS n = ROW_COUNT;
  IF n = 0 THEN
    UPDATE agent_usage SET spent = spent - p_amount, count = count - 1 WHERE agent_id = p_agent AND period_key = p_day;
    RETURN 'MONTHLY_LIMIT';
  END IF;
  RETURN 'OK';
END;
$$;

-- agent_usage_release: gives back a reservation whose action was rejected or failed.
CREATE OR REPLACE FUNCTION agent_usage_release(p_agent UUID, p_day TEXT, p_month TEXT, p_amount BIGINT)
RETURNS VOID LANGUAGE sql AS $$
  UPDATE agent_usage SET spent = greatest(spent - p_amount, 0), count = greatest(count - 1, 0)
   WHERE agent_id = p_agent AND period_key IN (p_day, p_month);
$$;
