-- Sandbox card outcomes: why a card is CLOSED (issuance suffix 002 closes it
-- with ISSUER_REJECTED; a requested close records CLOSED_BY_PLATFORM), and a
-- card transaction's pull that is still PENDING (descriptor suffix 005; its
-- amount is held in the funding account's pending bucket until confirmed).
ALTER TABLE cards ADD COLUMN status_reason TEXT;
ALTER TABLE card_transactions ADD COLUMN pull_pending_count INTEGER NOT NULL DEFAULT 0;
