-- The scenario a sandbox platform was last seeded with (POST /sandbox/scenario), so
-- POST /sandbox/reset can put the platform back to it.
ALTER TABLE "platforms" ADD COLUMN "sandbox_scenario" JSONB;
