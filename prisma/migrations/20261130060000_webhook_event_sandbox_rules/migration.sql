-- The sandbox rules that steered a webhook event's outcome were kept only in its first delivery job's payload, so a
-- manual redelivery (a new job) lost the Meridian-Sandbox-Rule header. The event now keeps them itself.
-- A constant default: no table rewrite.
ALTER TABLE "webhook_events" ADD COLUMN "sandbox_rules" TEXT[] NOT NULL DEFAULT '{}';
