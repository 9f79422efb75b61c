-- Card credit authorizations (simulate/credit_authorization and friends) are
-- CREDIT rows with no original transaction; a merchant refund still names its
-- original, and a debit never does.
ALTER TABLE "card_transactions" DROP CONSTRAINT "card_transactions_credit_has_original";
ALTER TABLE "card_transactions" ADD CONSTRAINT "card_transactions_debit_has_no_original"
  CHECK ("direction" = 'CREDIT' OR "original_transaction_id" IS NULL);

-- POST /transactions/{id}/confirm: when the platform delivered the receipt.
ALTER TABLE "transactions" ADD COLUMN "receipt_delivery_confirmed_at" TIMESTAMPTZ(3);
