-- A balance is served as a JSON number (balance.amount, totalBalance.amount), so
-- it must stay at or below 2^53 - 1, the largest integer a JSON number holds
-- exactly: above it a client reads another amount than the one stored. The rule
-- lives on the table, so every posting (ledger_post, money_apply_batch) is held
-- to it; lib/ledger/post.ts maps the violation to 400 INVALID_INPUT on the amount.
-- NOT VALID: rows written before are not re-checked (every new balance is).
ALTER TABLE "internal_accounts" ADD CONSTRAINT "internal_accounts_balance_representable"
    CHECK ("available" + "pending" <= 9007199254740991) NOT VALID;
