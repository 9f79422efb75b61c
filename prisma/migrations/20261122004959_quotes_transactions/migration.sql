-- Quotes, transactions and money_apply: every money state change in one statement.

CREATE TABLE "quotes" (
    "id" UUID NOT NULL,
    "platform_id" UUID NOT NULL,
    "customer_id" UUID,
    "status" TEXT NOT NULL,
    "source" JSONB NOT NULL,
    "destination" JSONB NOT NULL,
    "source_kind" TEXT NOT NULL,
    "source_account_id" UUID,
    "source_external_account_id" UUID,
    "destination_kind" TEXT NOT NULL,
    "destination_account_id" UUID,
    "destination_external_account_id" UUID,
    "destination_uma" TEXT,
    "sending_currency" TEXT NOT NULL,
    "receiving_currency" TEXT NOT NULL,
    "locked_currency_side" TEXT NOT NULL,
    "locked_currency_amount" BIGINT NOT NULL,
    "total_sending_amount" BIGINT NOT NULL,
    "total_receiving_amount" BIGINT NOT NULL,
    "fees" BIGINT NOT NULL,
    "exchange_rate" TEXT NOT NULL,
    "payment_instructions" JSONB NOT NULL DEFAULT '[]',
    "transaction_id" UUID NOT NULL,
    "description" TEXT,
    "idempotency_key" TEXT,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "executed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "quotes_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "quotes_platform_id_fkey" FOREIGN KEY ("platform_id") REFERENCES "platforms"("id") ON DELETE CASCADE,
    CONSTRAINT "quotes_amounts_nonnegative" CHECK ("total_sending_amount" > 0 AND "total_receiving_amount" >= 0 AND "fees" >= 0)
);
CREATE INDEX "quotes_platform_id_id_idx" ON "quotes"("platform_id", "id");
-- A create-and-execute retried with the same Idempotency-Key can never make a second quote.
CREATE UNIQUE INDEX "quotes_platform_id_idempotency_key_key" ON "quotes"("platform_id", "idempotency_key") WHERE "idempotency_key" IS NOT NULL;
CREATE UNIQUE INDEX "quotes_transaction_id_key" ON "quotes"("transaction_id");

CREATE TABLE "transactions" (
    "id" UUID NOT NULL,
    "platform_id" UUID NOT NULL,
    "customer_id" UUID,
    "quote_id" UUID,
    "type" TEXT NOT NULL,
    "direction" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "pending_reason" TEXT,
    "awaiting_approval" BOOLEAN NOT NULL DEFAULT false,
    "source" JSONB NOT NULL,
    "destination" JSONB NOT NULL,
    "source_account_id" UUID,
    "destination_account_id" UUID,
    "external_account_id" UUID,
    "plan" JSONB NOT NULL DEFAULT '{}',
    "sent_amount" BIGINT NOT NULL,
    "sent_currency" TEXT NOT NULL,
    "received_amount" BIGINT NOT NULL,
    "received_currency" TEXT NOT NULL,
    "fees" BIGINT NOT NULL DEFAULT 0,
    "exchange_rate" TEXT,
    "failure_reason" TEXT,
    "payment_rail" TEXT,
    "description" TEXT,
    "refund" JSONB,
    "counterparty" JSONB,
    "settled_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "transactions_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "transactions_platform_id_fkey" FOREIGN KEY ("platform_id") REFERENCES "platforms"("id") ON DELETE CASCADE
);
CREATE INDEX "transactions_platform_id_id_idx" ON "transactions"("platform_id", "id");
CREATE INDEX "transactions_platform_id_customer_id_id_idx" ON "transactions"("platform_id", "customer_id", "id");
CREATE UNIQUE INDEX "transactions_quote_id_key" ON "transactions"("quote_id") WHERE "quote_id" IS NOT NULL;

-- money_apply(plan): one money state change, atomically, in one round trip.
-- plan = {platform,
--   quoteInsert?: quotes row, quoteUpdate?: {id, from[], status, executed_at?},
--   txnInsert?: transactions row, txnUpdate?: {id, from[], status, failure_reason?, refund?, settled_at?,
--                                             awaiting_approval?, pending_reason?, plan?},
--   posting?: {id, kind, reference, entries}  (ledger_post: balanced, never negative),
--   events[]: {id, type, payload}             (webhook outbox rows + delivery jobs),
--   balanceEvents[]: {id, account, template}  (INTERNAL_ACCOUNT.BALANCE_UPDATED with the balance after posting),
--   jobs[]: {id, type, payload, delay_ms}}
-- Conditional updates lock their row first and fail with MQ001 / MT001 when the
-- state moved, so a quote executes once and a transaction settles once.
CREATE OR REPLACE FUNCTION money_apply(p JSONB) RETURNS VOID LANGUAGE plpgsql AS $$
DECLARE
  v_platform UUID := (p->>'platform')::uuid;
  n INTEGER;
  ts TEXT := to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
BEGIN
  IF p ? 'quoteUpdate' THEN
    UPDATE quotes q SET status = p->'quoteUpdate'->>'status',
           executed_at = COALESCE((p->'quoteUpdate'->>'executed_at')::timestamptz, q.executed_at), updated_at = now()
     WHERE q.id = (p->'quoteUpdate'->>'id')::uuid AND q.platform_id = v_platform
       AND q.status IN (SELECT jsonb_array_elements_text(p->'quoteUpdate'->'from'));
    GET DIAGNOSTICS n = ROW_COUNT;
    IF n = 0 THEN RAISE EXCEPTION 'quote state changed' USING ERRCODE = 'MQ001'; END IF;
  END IF;
  IF p ? 'txnUpdate' THEN
    UPDATE transactions t SET status = p->'txnUpdate'->>'status',
           failure_reason = COALESCE(p->'txnUpdate'->>'failure_reason', t.failure_reason),
           refund = COALESCE(p->'txnUpdate'->'refund', t.refund),
           settled_at = COALESCE((p->'txnUpdate'->>'settled_at')::timestamptz, t.settled_at),
           awaiting_approval = COALESCE((p->'txnUpdate'->>'awaiting_approval')::boolean, t.awaiting_approval),
           pending_reason = CASE WHEN p->'txnUpdate' ? 'pending_reason' THEN p->'txnUpdate'->>'pending_reason' ELSE t.pending_reason END,
           plan = COALESCE(p->'txnUpdate'->'plan', t.plan),
           updated_at = now()
     WHERE t.id = (p->'txnUpdate'->>'id')::uuid AND t.platform_id = v_platform
       AND t.status IN (SELECT jsonb_array_elements_text(p->'txnUpdate'->'from'));
    GET DIAGNOSTICS n = ROW_COUNT;
    IF n = 0 THEN RAISE EXCEPTION 'transaction state changed' USING ERRCODE = 'MT001'; END IF;
  END IF;
  IF p ? 'quoteInsert' THEN
    INSERT INTO quotes SELECT * FROM jsonb_populate_record(NULL::quotes, p->'quoteInsert');
  END IF;
  IF p ? 'txnInsert' THEN
    INSERT INTO transactions SELECT * FROM jsonb_populate_record(NULL::transactions, p->'txnInsert');
  END IF;
  IF p ? 'posting' THEN
    PERFORM ledger_post(v_platform, (p->'posting'->>'id')::uuid, p->'posting'->>'kind', p->'posting'->>'reference', p->'posting'->'entries');
  END IF;
  INSERT INTO webhook_events (id, platform_id, type, payload)
  SELECT (e->>'id')::uuid, v_platform, e->>'type',
         jsonb_build_object('id', 'Webhook:' || (e->>'id'), 'type', e->>'type', 'timestamp', ts, 'data', e->'payload')
    FROM jsonb_array_elements(COALESCE(p->'events', '[]')) e;
  INSERT INTO webhook_events (id, platform_id, type, payload)
  SELECT (b->>'id')::uuid, v_platform, 'INTERNAL_ACCOUNT.BALANCE_UPDATED',
         jsonb_build_object('id', 'Webhook:' || (b->>'id'), 'type', 'INTERNAL_ACCOUNT.BALANCE_UPDATED', 'timestamp', ts,
           'data', jsonb_set(jsonb_set(jsonb_set(b->'template', '{balance,amount}', to_jsonb(a.available)),
                   '{totalBalance,amount}', to_jsonb(a.available + a.pending)), '{updatedAt}', to_jsonb(ts)))
    FROM jsonb_array_elements(COALESCE(p->'balanceEvents', '[]')) b
    JOIN internal_accounts a ON a.id = (b->>'account')::uuid AND a.platform_id = v_platform;
  INSERT INTO jobs (id, platform_id, type, payload, max_attempts)
  SELECT (e->>'id')::uuid, v_platform, 'webhook.deliver', jsonb_build_object('eventId', e->>'id'), 1000
    FROM (SELECT jsonb_array_elements(COALESCE(p->'events', '[]')) e
          UNION ALL SELECT jsonb_array_elements(COALESCE(p->'balanceEvents', '[]'))) x;
  INSERT INTO jobs (id, platform_id, type, payload, run_at)
  SELECT (j->>'id')::uuid, v_platform, j->>'type', j->'payload', now() + make_interval(secs => (j->>'delay_ms')::numeric / 1000)
    FROM jsonb_array_elements(COALESCE(p->'jobs', '[]')) j;
END;
$$;
