-- Money leaves an embedded wallet only with its holder's approval (a verified
-- signed retry), whichever operation moves it: a posting that lowers the
-- available balance of an EMBEDDED_WALLET internal account must carry, on that
-- account's entries, the approval (wallet_approval: the key that signed). The
-- rule lives here, where every balance change is applied, so a route that
-- forgets the signed retry cannot move the money (ledger_post raises MW001;
-- money_apply_batch refuses the batch, whose plans are then applied one by one
-- through money_apply and ledger_post, which names the refusal). Holds settling
-- from the pending bucket, refunds and returns need nothing more: the hold
-- itself lowered the available balance under the approval.

-- A wallet-funded quote of an SCA customer is signed on execute and moves its
-- money later, on authorize: the approval waits on the quote.
ALTER TABLE "quotes" ADD COLUMN "wallet_approved_by" TEXT;

CREATE OR REPLACE FUNCTION ledger_post(p_platform UUID, p_posting UUID, p_kind TEXT, p_reference TEXT, p_entries JSONB)
RETURNS VOID LANGUAGE plpgsql AS $$
DECLARE
  e RECORD;
  v_type TEXT;
BEGIN
  IF jsonb_typeof(p_entries) <> 'array' OR jsonb_array_length(p_entries) < 2 THEN
    RAISE EXCEPTION 'ledger posting needs at least two entries' USING ERRCODE = 'ML001';
  END IF;
  IF EXISTS (
    SELECT 1 FROM jsonb_to_recordset(p_entries) AS x(currency TEXT, amount BIGINT)
    GROUP BY currency HAVING sum(amount) <> 0
  ) THEN
    RAISE EXCEPTION 'unbalanced ledger posting' USING ERRCODE = 'ML002';
  END IF;
  INSERT INTO ledger_postings (id, platform_id, kind, reference) VALUES (p_posting, p_platform, p_kind, p_reference);
  FOR e IN
    SELECT account, sum(CASE WHEN bucket = 'available' THEN amount ELSE 0 END) AS d_available,
           sum(CASE WHEN bucket = 'pending' THEN amount ELSE 0 END) AS d_pending, min(currency) AS currency, count(DISTINCT currency) AS currencies,
           bool_or(wallet_approval IS NOT NULL) AS approved
    FROM jsonb_to_recordset(p_entries) AS x(account UUID, bucket TEXT, currency TEXT, amount BIGINT, wallet_approval TEXT)
    WHERE account IS NOT NULL GROUP BY account ORDER BY account
  LOOP
    IF e.currencies <> 1 THEN
      RAISE EXCEPTION 'account % posted in two currencies', e.account USING ERRCODE = 'ML003';
    END IF;
    v_type := NULL;
    UPDATE internal_accounts
       SET available = available + e.d_available, pending = pending + e.d_pending, updated_at = now()
     WHERE id = e.account AND platform_id = p_platform AND currency = e.currency
    RETURNING type INTO v_type;
    IF v_type IS NULL THEN
      RAISE EXCEPTION 'internal account % not found in % for this platform', e.account, e.currency USING ERRCODE = 'ML004';
    END IF;
    IF v_type = 'EMBEDDED_WALLET' AND e.d_available < 0 AND NOT e.approved THEN
      RAISE EXCEPTION 'embedded wallet % debited without its holder''s approval', e.account USING ERRCODE = 'MW001';
    END IF;
  END LOOP;
  INSERT INTO ledger_entries (posting_id, platform_id, internal_account_id, system_account, bucket, currency, amount)
  SELECT p_posting, p_platform, account, system, bucket, currency, amount
  FROM jsonb_to_recordset(p_entries) AS x(account UUID, system TEXT, bucket TEXT, currency TEXT, amount BIGINT)
  WHERE amount <> 0;
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
     AND t.status IN (SELECT jsonb_array_elements_text(u.t->'from'));
  GET DIAGNOSTICS n = ROW_COUNT;
  IF n <> (SELECT count(*) FROM jsonb_array_elements(plans) x(p) WHERE x.p ? 'txnUpdate') THEN
    RAISE EXCEPTION 'a transaction of the batch changed state' USING ERRCODE = 'MB001';
  END IF;

  PERFORM 1 FROM internal_accounts
    WHERE id IN (SELECT d.account FROM jsonb_to_recordset(v_deltas) AS d(account UUID))
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
            LEFT JOIN internal_accounts a ON a.id = d.account
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

  INSERT INTO ledger_postings (id, platform_id, kind, reference)
  SELECT (x.p->'posting'->>'id')::uuid, (x.p->>'platform')::uuid, x.p->'posting'->>'kind', x.p->'posting'->>'reference'
    FROM jsonb_array_elements(plans) x(p) WHERE x.p ? 'posting';
  UPDATE internal_accounts a SET available = a.available + s.da, pending = a.pending + s.dp, updated_at = now()
    FROM (SELECT d.account, sum(d.da) AS da, sum(d.dp) AS dp
            FROM jsonb_to_recordset(v_deltas) AS d(account UUID, da BIGINT, dp BIGINT) GROUP BY d.account) s
   WHERE a.id = s.account;
  INSERT INTO ledger_entries (posting_id, platform_id, internal_account_id, system_account, bucket, currency, amount)
  SELECT (x.p->'posting'->>'id')::uuid, (x.p->>'platform')::uuid, e.account, e.system, e.bucket, e.currency, e.amount
    FROM jsonb_array_elements(plans) x(p)
    CROSS JOIN LATERAL jsonb_to_recordset(x.p->'posting'->'entries') AS e(account UUID, system TEXT, bucket TEXT, currency TEXT, amount BIGINT)
   WHERE x.p ? 'posting' AND e.amount <> 0;

  INSERT INTO webhook_events (id, platform_id, type, payload, status, attempts)
  SELECT (e->>'id')::uuid, (x.p->>'platform')::uuid, e->>'type',
         jsonb_build_object('id', 'Webhook:' || (e->>'id'), 'type', e->>'type', 'timestamp', ts, 'data', webhook_event_data(x.p->'events', e)),
         CASE WHEN pl.webhook_endpoint IS NOT NULL THEN 'PENDING' ELSE 'NO_ENDPOINT' END,
         CASE WHEN pl.webhook_endpoint IS NOT NULL THEN 0 ELSE 1 END
    FROM jsonb_array_elements(plans) x(p)
    CROSS JOIN LATERAL jsonb_array_elements(COALESCE(x.p->'events', '[]')) e
    LEFT JOIN platforms pl ON pl.id = (x.p->>'platform')::uuid;
  INSERT INTO webhook_events (id, platform_id, type, payload, status, attempts)
  SELECT (b->>'id')::uuid, (x.p->>'platform')::uuid, 'INTERNAL_ACCOUNT.BALANCE_UPDATED',
         jsonb_build_object('id', 'Webhook:' || (b->>'id'), 'type', 'INTERNAL_ACCOUNT.BALANCE_UPDATED', 'timestamp', ts,
           'data', jsonb_set(jsonb_set(jsonb_set(b->'template', '{balance,amount}', to_jsonb(r.available)),
                   '{totalBalance,amount}', to_jsonb(r.available + r.pending)), '{updatedAt}', to_jsonb(ts))),
         CASE WHEN pl.webhook_endpoint IS NOT NULL THEN 'PENDING' ELSE 'NO_ENDPOINT' END,
         CASE WHEN pl.webhook_endpoint IS NOT NULL THEN 0 ELSE 1 END
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
