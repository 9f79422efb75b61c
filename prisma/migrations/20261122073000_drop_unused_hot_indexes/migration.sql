-- Two indexes that no query reads, written on every transfer: webhook events by
-- (platform, type) (the admin log reads them by (platform, id)) and quotes by
-- (platform, id) (quotes are read by id only; there is no quote listing). Each
-- costs an index entry per row on the hottest insert path; a transfer writes
-- three webhook events and one quote. The ledger's indexes stay: they serve
-- audit queries by account and by posting even where the API does not list them.
DROP INDEX IF EXISTS "webhook_events_platform_id_type_idx";
DROP INDEX IF EXISTS "quotes_platform_id_id_idx";
