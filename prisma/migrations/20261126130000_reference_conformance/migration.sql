-- Issue 19: every transaction names its customer's platformCustomerId (the reference
-- requires it on transactions, card transactions and their webhooks). A customer's
-- platformCustomerId never changes, so the rows keep a copy: payloads are built
-- from the rows without another read.
ALTER TABLE "transactions" ADD COLUMN "platform_customer_id" TEXT;
ALTER TABLE "card_transactions" ADD COLUMN "platform_customer_id" TEXT;
ALTER TABLE "quotes" ADD COLUMN "platform_customer_id" TEXT;
UPDATE "transactions" t SET "platform_customer_id" = c."platform_customer_id"
FROM "customers" c WHERE c."id" = t."customer_id";
UPDATE "card_transactions" t SET "platform_customer_id" = c."platform_customer_id"
FROM "customers" c WHERE c."id" = t."customer_id";
UPDATE "quotes" q SET "platform_customer_id" = c."platform_customer_id"
FROM "customers" c WHERE c."id" = q."customer_id";

-- Every insert path gets the copy, including the card_authorize fast path and
-- money_apply's jsonb_populate_record of a plan that did not carry it.
CREATE FUNCTION "copy_platform_customer_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.platform_customer_id IS NULL AND NEW.customer_id IS NOT NULL THEN
    SELECT c.platform_customer_id INTO NEW.platform_customer_id FROM customers c WHERE c.id = NEW.customer_id;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "transactions_platform_customer_id" BEFORE INSERT ON "transactions"
  FOR EACH ROW EXECUTE FUNCTION "copy_platform_customer_id"();
CREATE TRIGGER "card_transactions_platform_customer_id" BEFORE INSERT ON "card_transactions"
  FOR EACH ROW EXECUTE FUNCTION "copy_platform_customer_id"();
CREATE TRIGGER "quotes_platform_customer_id" BEFORE INSERT ON "quotes"
  FOR EACH ROW EXECUTE FUNCTION "copy_platform_customer_id"();

-- Issue 19: a card's per-transaction spending limit (the reference's maxSpendPerTransaction;
-- null = none), in minor units of the card's currency.
ALTER TABLE "cards" ADD COLUMN "max_spend_per_transaction" BIGINT;
