-- The revocation log every instance polls to evict cached credential checks:
-- one row per token deleted, whose secret changed, or whose permissions changed.
-- Written by a trigger so no code path that revokes a token can forget it.
CREATE TABLE "api_token_revocations" (
    "id" BIGSERIAL NOT NULL,
    "token_id" UUID NOT NULL,
    "revoked_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "api_token_revocations_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "api_token_revocations_revoked_at_idx" ON "api_token_revocations"("revoked_at");

-- The transaction-scoped advisory lock makes log ids commit in id order (the
-- next revocation takes its id only after the previous one committed), so a
-- poller reading "id > last seen" can never skip a row that commits late.
CREATE FUNCTION "log_api_token_revocation"() RETURNS trigger AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(72707370);
  INSERT INTO "api_token_revocations" ("token_id") VALUES (OLD."id");
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "api_tokens_revoked"
  AFTER UPDATE ON "api_tokens"
  FOR EACH ROW
  WHEN (
    (OLD."deleted_at" IS NULL AND NEW."deleted_at" IS NOT NULL)
    OR OLD."secret_hash" IS DISTINCT FROM NEW."secret_hash"
    OR OLD."permissions" IS DISTINCT FROM NEW."permissions"
  )
  EXECUTE FUNCTION "log_api_token_revocation"();

CREATE TRIGGER "api_tokens_removed"
  AFTER DELETE ON "api_tokens"
  FOR EACH ROW
  EXECUTE FUNCTION "log_api_token_revocation"();
