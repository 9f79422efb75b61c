-- money_apply and money_apply_batch as last defined (20261202300000), changed only in how they find rows by id.
-- The planner takes jsonb_array_elements / jsonb_to_recordset for 100 rows, so joining them to internal_accounts
-- (or quotes, transactions) by id was planned as a hash join over a sequential scan of the whole table whenever
-- reading it looked cheaper than 100 index probes: at 15,000 accounts every batch read all of them three times
-- (bench:api: 168 scans reading 2.6 million rows in one 3 s window). Each lookup now goes by primary key whatever
-- the table's size: `= ANY(ARRAY(...))` for the locks and updates, a LATERAL subquery (OFFSET 0 keeps it a
-- nested loop) for the reads. tests/integration/db/money-plans.test.ts checks the plans.

CREATE OR REPLACE FUNCTION money_apply(p JSONB) RETURNS VOID LANGUAGE plpgsql AS $$
DECLARE
  v_platform UUID := (p->>'platform')::uuid;
  n INTEGER;
  ts TEXT := to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
  v_deliver BOOLEAN;
  v_rules TEXT[] := ARRAY(SELECT jsonb_array_elements_text(COALESCE(p->'sandboxRules', '[]')));
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
  IF p ? 'receiverTxnInsert' THEN
    INSERT INTO transactions SELECT * FROM jsonb_populate_record(NULL::transactions, p->'receiverTxnInsert');
  END IF;
  IF p ? 'posting' THEN
    PERFORM ledger_post(v_platform, (p->'posting'->>'id')::uuid, p->'posting'->>'kind', p->'posting'->>'reference', p->'posting'->'entries');
  END IF;
  INSERT INTO webhook_events (id, platform_id, type, payload, status, attempts, sandbox_rules)
  SELECT (e->>'id')::uuid, v_platform, e->>'type',
         jsonb_build_object('id', 'Webhook:' || (e->>'id'), 'type', e->>'type', 'timestamp', ts, 'data', webhook_event_data(p->'events', e)),
         CASE WHEN v_deliver THEN 'PENDING' ELSE 'NO_ENDPOINT' END, CASE WHEN v_deliver THEN 0 ELSE 1 END,
         v_rules
    FROM jsonb_array_elements(COALESCE(p->'events', '[]')) e;
  INSERT INTO webhook_events (id, platform_id, type, payload, status, attempts, sandbox_rules)
  SELECT (b->>'id')::uuid, v_platform, 'INTERNAL_ACCOUNT.BALANCE_UPDATED',
         jsonb_build_object('id', 'Webhook:' || (b->>'id'), 'type', 'INTERNAL_ACCOUNT.BALANCE_UPDATED', 'timestamp', ts,
           'data', jsonb_set(jsonb_set(jsonb_set(b->'template', '{balance,amount}', to_jsonb(a.available)),
                   '{totalBalance,amount}', to_jsonb(a.available + a.pending)), '{updatedAt}', to_jsonb(ts))),
         CASE WHEN v_deliver THEN 'PENDING' ELSE 'NO_ENDPOINT' END, CASE WHEN v_deliver THEN 0 ELSE 1 END,
         v_rules
    FROM jsonb_array_elements(COALESCE(p->'balanceEvents', '[]')) b
    CROSS JOIN LATERAL (SELECT x.available, x.pending FROM internal_accounts x
                         WHERE x.id = (b->>'account')::uuid AND x.platform_id = v_platform OFFSET 0) a;
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

CREATE OR REPLACE FUNCTION money_apply_batch(plans JSONB) RETURNS VOID LANGUAGE plpgsql AS $$
DECLARE
  ts TEXT := to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
  n INTEGER;
  v_deltas JSONB;
  v_after JSONB;
BEGIN
  IF jsonb_typeof(plans) <> 'array' THEN
    RAISE EXCEPTION 'money_apply_batch needs an array of plans' USING ERRCODE = 'MB001';
  END IF;
  IF EXISTS (SELECT 1 FROM jsonb_array_elements(plans) x(p)
              WHERE x.p ? 'posting' AND (jsonb_typeof(x.p->'posting'->'entries') IS DISTINCT FROM 'array'
                                         OR jsonb_array_length(x.p->'posting'->'entries') < 2)) THEN
    RAISE EXCEPTION 'a posting of the batch is malformed' USING ERRCODE = 'MB001';
  END IF;

  -- Each plan's change to each account it posts to (plan index i, 1-based).
  SELECT COALESCE(jsonb_agg(jsonb_build_object('i', d.i, 'account', d.account, 'platform', d.platform, 'currency', d.currency,
                                               'da', d.da, 'dp', d.dp, 'nc', d.nc, 'wa', d.wa)), '[]')
    INTO v_deltas
    FROM (SELECT x.i, x.p->>'platform' AS platform, e.account,
                 sum(CASE WHEN e.bucket = 'available' THEN e.amount ELSE 0 END) AS da,
                 sum(CASE WHEN e.bucket = 'pending' THEN e.amount ELSE 0 END) AS dp,
                 min(e.currency) AS currency, count(DISTINCT e.currency) AS nc,
                 bool_or(e.wallet_approval IS NOT NULL) AS wa
            FROM jsonb_array_elements(plans) WITH ORDINALITY x(p, i)
            CROSS JOIN LATERAL jsonb_to_recordset(x.p->'posting'->'entries') AS e(account UUID, bucket TEXT, currency TEXT, amount BIGINT, wallet_approval TEXT)
           WHERE x.p ? 'posting' AND e.account IS NOT NULL
           GROUP BY x.i, x.p->>'platform', e.account) d;

  IF EXISTS (SELECT 1 FROM jsonb_array_elements(plans) WITH ORDINALITY x(p, i)
               CROSS JOIN LATERAL jsonb_to_recordset(x.p->'posting'->'entries') AS e(currency TEXT, amount BIGINT)
              WHERE x.p ? 'posting' GROUP BY x.i, e.currency HAVING sum(e.amount) <> 0)
     OR EXISTS (SELECT 1 FROM jsonb_to_recordset(v_deltas) AS d(nc INTEGER) WHERE d.nc <> 1) THEN
    RAISE EXCEPTION 'a posting of the batch is unbalanced or mixes currencies on an account' USING ERRCODE = 'MB001';
  END IF;

  -- Quote and transaction rows first, then accounts, as money_apply locks them.
  WITH u AS (SELECT (x.p->>'platform')::uuid AS platform, x.p->'quoteUpdate' AS q FROM jsonb_array_elements(plans) x(p) WHERE x.p ? 'quoteUpdate')
  UPDATE quotes q SET status = u.q->>'status', executed_at = COALESCE((u.q->>'executed_at')::timestamptz, q.executed_at), updated_at = now()
    FROM u
   WHERE q.id = (u.q->>'id')::uuid AND q.platform_id = u.platform
     AND q.id = ANY(ARRAY(SELECT (x.p->'quoteUpdate'->>'id')::uuid FROM jsonb_array_elements(plans) x(p)
                           WHERE x.p ? 'quoteUpdate'))
     AND q.status IN (SELECT jsonb_array_elements_text(u.q->'from'));
  GET DIAGNOSTICS n = ROW_COUNT;
  IF n <> (SELECT count(*) FROM jsonb_array_elements(plans) x(p) WHERE x.p ? 'quoteUpdate') THEN
    RAISE EXCEPTION 'a quote of the batch changed state' USING ERRCODE = 'MB001';
  END IF;

  WITH u AS (SELECT (x.p->>'platform')::uuid AS platform, x.p->'txnUpdate' AS t FROM jsonb_array_elements(plans) x(p) WHERE x.p ? 'txnUpdate')
  UPDATE transactions t SET status = u.t->>'status',
         failure_reason = COALESCE(u.t->>'failure_reason', t.failure_reason),
         refund = COALESCE(u.t->'refund', t.refund),
         settled_at = COALESCE((u.t->>'settled_at')::timestamptz, t.settled_at),
         awaiting_approval = COALESCE((u.t->>'awaiting_approval')::boolean, t.awaiting_approval),
         pending_reason = CASE WHEN u.t ? 'pending_reason' THEN u.t->>'pending_reason' ELSE t.pending_reason END,
         plan = COALESCE(u.t->'plan', t.plan),
         updated_at = now()
    FROM u
   WHERE t.id = (u.t->>'id')::uuid AND t.platform_id = u.platform
     AND t.id = ANY(ARRAY(SELECT (x.p->'txnUpdate'->>'id')::uuid FROM jsonb_array_elements(plans) x(p)
                           WHERE x.p ? 'txnUpdate'))
     AND t.status IN (SELECT jsonb_array_elements_text(u.t->'from'));
  GET DIAGNOSTICS n = ROW_COUNT;
  IF n <> (SELECT count(*) FROM jsonb_array_elements(plans) x(p) WHERE x.p ? 'txnUpdate') THEN
    RAISE EXCEPTION 'a transaction of the batch changed state' USING ERRCODE = 'MB001';
  END IF;

  PERFORM 1 FROM internal_accounts
    WHERE id = ANY(ARRAY(SELECT d.account FROM jsonb_to_recordset(v_deltas) AS d(account UUID)))
    ORDER BY id FOR UPDATE;

  -- Balances after each plan, from the locked balances and the running sums.
  SELECT COALESCE(jsonb_agg(jsonb_build_object('i', r.i, 'account', r.account, 'available', r.available, 'pending', r.pending, 'ok', r.ok)), '[]')
    INTO v_after
    FROM (SELECT d.i, d.account,
                 a.available + sum(d.da) OVER w AS available,
                 a.pending + sum(d.dp) OVER w AS pending,
                 COALESCE(a.platform_id = d.platform AND a.currency = d.currency
                          AND (d.da >= 0 OR a.type <> 'EMBEDDED_WALLET' OR d.wa), false) AS ok
            FROM jsonb_to_recordset(v_deltas) AS d(i BIGINT, account UUID, platform UUID, currency TEXT, da BIGINT, dp BIGINT, wa BOOLEAN)
            LEFT JOIN LATERAL (SELECT x.available, x.pending, x.platform_id, x.currency, x.type FROM internal_accounts x
                                WHERE x.id = d.account OFFSET 0) a ON true
          WINDOW w AS (PARTITION BY d.account ORDER BY d.i)) r;
  IF EXISTS (SELECT 1 FROM jsonb_to_recordset(v_after) AS r(available BIGINT, pending BIGINT, ok BOOLEAN)
              WHERE NOT r.ok OR r.available IS NULL OR r.available < 0 OR r.pending < 0) THEN
    RAISE EXCEPTION 'a plan of the batch would overdraw or miss an account' USING ERRCODE = 'MB001';
  END IF;
  -- A balance webhook reports an account its own plan posts to (as addPosting builds them).
  IF EXISTS (SELECT 1 FROM jsonb_array_elements(plans) WITH ORDINALITY x(p, i)
               CROSS JOIN LATERAL jsonb_array_elements(COALESCE(x.p->'balanceEvents', '[]')) b
              WHERE NOT EXISTS (SELECT 1 FROM jsonb_to_recordset(v_after) AS r(i BIGINT, account UUID)
                                 WHERE r.i = x.i AND r.account = (b->>'account')::uuid)) THEN
    RAISE EXCEPTION 'a balance webhook of the batch names an account its plan does not post to' USING ERRCODE = 'MB001';
  END IF;

  INSERT INTO quotes SELECT r.* FROM jsonb_array_elements(plans) x(p)
    CROSS JOIN LATERAL jsonb_populate_record(NULL::quotes, x.p->'quoteInsert') r WHERE x.p ? 'quoteInsert';
  INSERT INTO transactions SELECT r.* FROM jsonb_array_elements(plans) x(p)
    CROSS JOIN LATERAL jsonb_populate_record(NULL::transactions, x.p->'txnInsert') r WHERE x.p ? 'txnInsert';
  INSERT INTO transactions SELECT r.* FROM jsonb_array_elements(plans) x(p)
    CROSS JOIN LATERAL jsonb_populate_record(NULL::transactions, x.p->'receiverTxnInsert') r WHERE x.p ? 'receiverTxnInsert';

  INSERT INTO ledger_postings (id, platform_id, kind, reference)
  SELECT (x.p->'posting'->>'id')::uuid, (x.p->>'platform')::uuid, x.p->'posting'->>'kind', x.p->'posting'->>'reference'
    FROM jsonb_array_elements(plans) x(p) WHERE x.p ? 'posting';
  UPDATE internal_accounts a SET available = a.available + s.da, pending = a.pending + s.dp, updated_at = now()
    FROM (SELECT d.account, sum(d.da) AS da, sum(d.dp) AS dp
            FROM jsonb_to_recordset(v_deltas) AS d(account UUID, da BIGINT, dp BIGINT) GROUP BY d.account) s
   WHERE a.id = s.account
     AND a.id = ANY(ARRAY(SELECT d.account FROM jsonb_to_recordset(v_deltas) AS d(account UUID)));
  INSERT INTO ledger_entries (posting_id, platform_id, internal_account_id, system_account, bucket, currency, amount)
  SELECT (x.p->'posting'->>'id')::uuid, (x.p->>'platform')::uuid, e.account, e.system, e.bucket, e.currency, e.amount
    FROM jsonb_array_elements(plans) x(p)
    CROSS JOIN LATERAL jsonb_to_recordset(x.p->'posting'->'entries') AS e(account UUID, system TEXT, bucket TEXT, currency TEXT, amount BIGINT)
   WHERE x.p ? 'posting' AND e.amount <> 0;

  INSERT INTO webhook_events (id, platform_id, type, payload, status, attempts, sandbox_rules)
  SELECT (e->>'id')::uuid, (x.p->>'platform')::uuid, e->>'type',
         jsonb_build_object('id', 'Webhook:' || (e->>'id'), 'type', e->>'type', 'timestamp', ts, 'data', webhook_event_data(x.p->'events', e)),
         CASE WHEN pl.webhook_endpoint IS NOT NULL THEN 'PENDING' ELSE 'NO_ENDPOINT' END,
         CASE WHEN pl.webhook_endpoint IS NOT NULL THEN 0 ELSE 1 END,
         ARRAY(SELECT jsonb_array_elements_text(COALESCE(x.p->'sandboxRules', '[]')))
    FROM jsonb_array_elements(plans) x(p)
    CROSS JOIN LATERAL jsonb_array_elements(COALESCE(x.p->'events', '[]')) e
    LEFT JOIN platforms pl ON pl.id = (x.p->>'platform')::uuid;
  INSERT INTO webhook_events (id, platform_id, type, payload, status, attempts, sandbox_rules)
  SELECT (b->>'id')::uuid, (x.p->>'platform')::uuid, 'INTERNAL_ACCOUNT.BALANCE_UPDATED',
         jsonb_build_object('id', 'Webhook:' || (b->>'id'), 'type', 'INTERNAL_ACCOUNT.BALANCE_UPDATED', 'timestamp', ts,
           'data', jsonb_set(jsonb_set(jsonb_set(b->'template', '{balance,amount}', to_jsonb(r.available)),
                   '{totalBalance,amount}', to_jsonb(r.available + r.pending)), '{updatedAt}', to_jsonb(ts))),
         CASE WHEN pl.webhook_endpoint IS NOT NULL THEN 'PENDING' ELSE 'NO_ENDPOINT' END,
         CASE WHEN pl.webhook_endpoint IS NOT NULL THEN 0 ELSE 1 END,
         ARRAY(SELECT jsonb_array_elements_text(COALESCE(x.p->'sandboxRules', '[]')))
    FROM jsonb_array_elements(plans) WITH ORDINALITY x(p, i)
    CROSS JOIN LATERAL jsonb_array_elements(COALESCE(x.p->'balanceEvents', '[]')) b
    JOIN jsonb_to_recordset(v_after) AS r(i BIGINT, account UUID, available BIGINT, pending BIGINT)
      ON r.i = x.i AND r.account = (b->>'account')::uuid
    LEFT JOIN platforms pl ON pl.id = (x.p->>'platform')::uuid;

  INSERT INTO jobs (id, platform_id, type, payload, max_attempts)
  SELECT (e->>'id')::uuid, pl.id, 'webhook.deliver', jsonb_build_object('eventId', e->>'id'), 1000
    FROM jsonb_array_elements(plans) x(p)
    JOIN platforms pl ON pl.id = (x.p->>'platform')::uuid AND pl.webhook_endpoint IS NOT NULL
    CROSS JOIN LATERAL (SELECT jsonb_array_elements(COALESCE(x.p->'events', '[]'))
                        UNION ALL SELECT jsonb_array_elements(COALESCE(x.p->'balanceEvents', '[]'))) y(e);
  INSERT INTO jobs (id, platform_id, type, payload, run_at)
  SELECT (j->>'id')::uuid, (x.p->>'platform')::uuid, j->>'type', j->'payload', now() + make_interval(secs => (j->>'delay_ms')::numeric / 1000)
    FROM jsonb_array_elements(plans) x(p)
    CROSS JOIN LATERAL jsonb_array_elements(COALESCE(x.p->'jobs', '[]')) j;
END;
$$;
