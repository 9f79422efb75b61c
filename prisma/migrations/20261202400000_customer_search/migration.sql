-- The admin console's customer search (name, email or platformCustomerId, any part of
-- them): a trigram index over one lower-cased text per live customer. The text starts with
-- a space, so "starts a word" is LIKE '% an%' and a two-letter query is indexed too.
-- pg_trgm ships with PostgreSQL (contrib) and is a trusted extension: the database owner
-- may create it without superuser rights.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- One home for the searched text: the index and lib/domain/customers/search-customers.ts
-- both call this function, so the planner matches the query to the index.
CREATE OR REPLACE FUNCTION customer_search_text(profile jsonb, email text, platform_customer_id text)
  RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN lower(' ' || coalesce(profile ->> 'fullName', '') || ' ' || coalesce(profile #>> '{businessInfo,legalName}', '')
    || ' ' || coalesce(email, '') || ' ' || platform_customer_id);

CREATE INDEX IF NOT EXISTS "customers_search_trgm_idx" ON "customers"
  USING gin (customer_search_text("profile", "email", "platform_customer_id") gin_trgm_ops)
  WHERE "deleted_at" IS NULL;
