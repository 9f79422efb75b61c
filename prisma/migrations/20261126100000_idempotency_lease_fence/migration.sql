-- Crash-safe idempotency (docs/adr-006-crash-safe-idempotency.md).
-- A reservation names its owner (one attempt of one request) and holds the key
-- only until lease_expires_at, which the owner renews while it runs; a retry
-- after the lease takes the key over. The effect commits only if, inside its own
-- transaction, the key still belongs to the owner: idempotency_fence marks the
-- key APPLIED with the recovery point from which the answer is rebuilt.
ALTER TABLE "idempotency_keys"
  ADD COLUMN "owner" UUID,
  ADD COLUMN "lease_expires_at" TIMESTAMPTZ(3),
  ADD COLUMN "recovery" JSONB;

-- fence: {"platform": uuid, "key": text, "owner": uuid, "recovery": {"kind": text, "id": uuid}}.
-- The row lock taken here also makes a concurrent takeover wait for this
-- transaction, then find the key APPLIED (no longer takeable).
CREATE OR REPLACE FUNCTION idempotency_fence(fence JSONB) RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
  UPDATE idempotency_keys
     SET state = 'APPLIED', recovery = COALESCE(recovery, fence->'recovery')
   WHERE platform_id = (fence->>'platform')::uuid AND key = fence->>'key'
     AND owner = (fence->>'owner')::uuid AND state IN ('IN_PROGRESS', 'APPLIED');
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Idempotency-Key % is no longer held by this request', fence->>'key' USING ERRCODE = 'MI001';
  END IF;
END $$;

CREATE OR REPLACE FUNCTION money_apply_fenced(plan JSONB) RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
  IF plan ? 'idem' THEN
    PERFORM idempotency_fence(plan->'idem');
  END IF;
  PERFORM money_apply(plan);
END $$;

-- Fences in key order (two batches holding the same keys cannot wait on each
-- other in a cycle), before money_apply_batch takes its quote, transaction and
-- account rows. One refused fence refuses the batch (MI001); the queue then
-- applies each plan on its own and only that plan fails.
CREATE OR REPLACE FUNCTION money_apply_batch_fenced(plans JSONB) RETURNS VOID LANGUAGE plpgsql AS $$
DECLARE
  f JSONB;
BEGIN
  FOR f IN
    SELECT p->'idem' FROM jsonb_array_elements(plans) p
     WHERE p ? 'idem'
     ORDER BY p->'idem'->>'platform', p->'idem'->>'key'
  LOOP
    PERFORM idempotency_fence(f);
  END LOOP;
  PERFORM money_apply_batch(plans);
END $$;
