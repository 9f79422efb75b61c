-- money_apply without idle outbox work: a platform with no webhook endpoint got a
-- delivery job per event that only marked the event NO_ENDPOINT (four more
-- queries per event in the worker, three events per transfer). The event row is
-- still written, already NO_ENDPOINT (as the worker would have left it), and no
-- job is queued. Everything else is unchanged.

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
  v_deliver BOOLEAN;
BEGIN
  SELECT webhook_endpoint IS NOT NULL INTO v_deliver FROM platforms WHERE id = v_platform;
  v_deliver := COALESCE(v_deliver, false);
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
  INSERT INTO webhook_events (id, platform_id, type, payload, status, attempts)
  SELECT (e->>'id')::uuid, v_platform, e->>'type',
         jsonb_build_object('id', 'Webhook:' || (e->>'id'), 'type', e->>'type', 'timestamp', ts, 'data', e->'payload'),
         CASE WHEN v_deliver THEN 'PENDING' ELSE 'NO_ENDPOINT' END, CASE WHEN v_deliver THEN 0 ELSE 1 END
    FROM jsonb_array_elements(COALESCE(p->'events', '[]')) e;
  INSERT INTO webhook_events (id, platform_id, type, payload, status, attempts)
  SELECT (b->>'id')::uuid, v_platform, 'INTERNAL_ACCOUNT.BALANCE_UPDATED',
         jsonb_build_object('id', 'Webhook:' || (b->>'id'), 'type', 'INTERNAL_ACCOUNT.BALANCE_UPDATED', 'timestamp', ts,
           'data', jsonb_set(jsonb_set(jsonb_set(b->'template', '{balance,amount}', to_jsonb(a.available)),
                   '{totalBalance,amount}', to_jsonb(a.available + a.pending)), '{updatedAt}', to_jsonb(ts))),
         CASE WHEN v_deliver THEN 'PENDING' ELSE 'NO_ENDPOINT' END, CASE WHEN v_deliver THEN 0 ELSE 1 END
    FROM jsonb_array_elements(COALESCE(p->'balanceEvents', '[]')) b
    JOIN internal_accounts a ON a.id = (b->>'account')::uuid AND a.platform_id = v_platform;
  IF v_deliver THEN
    INSERT INTO jobs (id, platform_id, type, payload, max_attempts)
    SELECT (e->>'id')::uuid, v_platform, 'webhook.deliver', jsonb_build_object('eventId', e->>'id'), 1000
      FROM (SELECT jsonb_array_elements(COALESCE(p->'events', '[]')) e
            UNION ALL SELECT jsonb_array_elements(COALESCE(p->'balanceEvents', '[]'))) x;
  END IF;
  INSERT INTO jobs (id, platform_id, type, payload, run_at)
  SELECT (j->>'id')::uuid, v_platform, j->>'type', j->'payload', now() + make_interval(secs => (j->>'delay_ms')::numeric / 1000)
    FROM jsonb_array_elements(COALESCE(p->'jobs', '[]')) j;
END;
$$;
