-- card_authorize v2: the caller reads the card first (without locks), builds
-- the CardTransaction and its webhook, and then runs the authorization, the
-- ledger pull and the outbox rows as ONE statement, so the funding account's
-- row lock is held for a single round trip. The function now also receives
-- the funding account and the timestamp the caller put in the response, and
-- refuses (MC004) when the card's funding source changed in between.
DROP FUNCTION IF EXISTS card_authorize(UUID, UUID, UUID, UUID, BIGINT, TEXT, TEXT, TEXT, TEXT, TEXT, TEXT[], TEXT);

CREATE FUNCTION card_authorize(
  p_platform UUID, p_card UUID, p_account UUID, p_txn UUID, p_posting UUID, p_amount BIGINT, p_currency TEXT,
  p_descriptor TEXT, p_mcc TEXT, p_country TEXT, p_token TEXT, p_authorizable TEXT[], p_status TEXT, p_at TIMESTAMPTZ)
RETURNS BOOLEAN LANGUAGE plpgsql AS $$
DECLARE
  c RECORD;
BEGIN
  SELECT cd.status, cd.customer_id, cd.funding_source_id, cd.currency INTO c
    FROM cards cd WHERE cd.id = p_card AND cd.platform_id = p_platform FOR SHARE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'card % not found', p_card USING ERRCODE = 'MC001';
  END IF;
  IF NOT (c.status = ANY (p_authorizable)) THEN
    RAISE EXCEPTION 'card not authorizable: %', c.status USING ERRCODE = 'MC002';
  END IF;
  IF c.currency <> p_currency THEN
    RAISE EXCEPTION 'card currency is %', c.currency USING ERRCODE = 'MC003';
  END IF;
  IF c.funding_source_id <> p_account THEN
    RAISE EXCEPTION 'card funding source changed' USING ERRCODE = 'MC004';
  END IF;
  PERFORM ledger_post(p_platform, p_posting, 'CARD_PULL', 'CardTransaction:' || p_txn::text, jsonb_build_array(
    jsonb_build_object('account', p_account, 'bucket', 'available', 'currency', p_currency, 'amount', -p_amount),
    jsonb_build_object('system', 'CARD_NETWORK', 'bucket', 'available', 'currency', p_currency, 'amount', p_amount)));
  INSERT INTO card_transactions (id, platform_id, card_id, customer_id, account_id, direction, status, currency,
      merchant_descriptor, merchant_mcc, merchant_country, authorized_amount, pull_count, pull_total,
      issuer_transaction_token, authorized_at, last_event_at, created_at, updated_at)
    VALUES (p_txn, p_platform, p_card, c.customer_id, p_account, 'DEBIT', p_status, p_currency,
      p_descriptor, p_mcc, p_country, p_amount, 1, p_amount, p_token, p_at, p_at, p_at, p_at);
  RETURN TRUE;
END;
$$;
