-- Indexes for the list filters of the reference that no index served, each ending in
-- id so a filtered page is a keyset range scan in id order (docs/performance.md).
-- GET /transactions?accountIdentifier|senderAccountIdentifier|receiverAccountIdentifier
CREATE INDEX IF NOT EXISTS "transactions_platform_id_source_account_id_id_idx" ON "transactions" ("platform_id", "source_account_id", "id");
CREATE INDEX IF NOT EXISTS "transactions_platform_id_destination_account_id_id_idx" ON "transactions" ("platform_id", "destination_account_id", "id");
CREATE INDEX IF NOT EXISTS "transactions_platform_id_external_account_id_id_idx" ON "transactions" ("platform_id", "external_account_id", "id");
-- GET /transactions?customerId and accountIdentifier, card side
CREATE INDEX IF NOT EXISTS "card_transactions_platform_id_customer_id_id_idx" ON "card_transactions" ("platform_id", "customer_id", "id");
CREATE INDEX IF NOT EXISTS "card_transactions_platform_id_account_id_id_idx" ON "card_transactions" ("platform_id", "account_id", "id");
-- GET /cards?accountId
CREATE INDEX IF NOT EXISTS "cards_platform_id_funding_source_id_id_idx" ON "cards" ("platform_id", "funding_source_id", "id");
-- GET /agents/approvals?customerId
CREATE INDEX IF NOT EXISTS "agent_actions_platform_id_customer_id_id_idx" ON "agent_actions" ("platform_id", "customer_id", "id");
-- GET /tokens?name
CREATE INDEX IF NOT EXISTS "api_tokens_platform_id_name_id_idx" ON "api_tokens" ("platform_id", "name", "id");
-- GET /transactions?reference=<description>: a hash index, as a description may be
-- longer than a btree entry allows; matches are then sorted by id.
CREATE INDEX IF NOT EXISTS "transactions_description_hash_idx" ON "transactions" USING hash ("description");
-- GET /customers?umaAddress (case-insensitive) and platformCustomerId, deleted customers
-- included (isIncludingDeleted, and GET /transactions?platformCustomerId): the unique
-- indexes cover live customers only.
CREATE INDEX IF NOT EXISTS "customers_platform_id_lower_uma_address_idx" ON "customers" ("platform_id", lower("uma_address"));
CREATE INDEX IF NOT EXISTS "customers_platform_id_platform_customer_id_idx" ON "customers" ("platform_id", "platform_customer_id");
