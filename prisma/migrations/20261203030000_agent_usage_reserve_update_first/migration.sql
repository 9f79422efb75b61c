-- agent_usage_reserve, update first: the usage rows exist after an agent's first operation of the day, so the
-- reservation now starts with the conditional UPDATE and inserts the rows (ON CONFLICT DO NOTHING, then updates
-- again) only when the row is missing, instead of attempting the insert of both rows on every call. Same
-- signature, same answers ('OK', DAILY_TRANSACTION_LIMIT, DAILY_LIMIT, MONTHLY_LIMIT), same lock order (day row,
-- then month row): the conditional UPDATEs re-check each limit under the row lock, so concurrent operations can
-- never together cross a limit. Each statement of a plpgsql function takes a new snapshot in READ COMMITTED, so
-- the UPDATE after the insert sees a row another transaction committed meanwhile. A row found by the check after a
-- failed UPDATE may have been committed by another operation after that UPDATE's snapshot: it refuses only when the
-- row as read crosses a limit, else the UPDATE runs again (one of 200 concurrent first actions was refused without
-- the re-check).
CREATE OR REPLACE FUNCTION agent_usage_reserve(p_agent UUID, p_day TEXT, p_month TEXT, p_amount BIGINT, p_daily BIGINT, p_monthly BIGINT, p_daily_count INTEGER)
RETURNS TEXT LANGUAGE plpgsql AS $$
DECLARE
  c INTEGER;
  s BIGINT;
BEGIN
  LOOP
    UPDATE agent_usage SET spent = spent + p_amount, count = count + 1
     WHERE agent_id = p_agent AND period_key = p_day
       AND (p_daily IS NULL OR spent + p_amount <= p_daily)
       AND (p_daily_count IS NULL OR count + 1 <= p_daily_count);
    EXIT WHEN FOUND;
    SELECT spent, count INTO s, c FROM agent_usage WHERE agent_id = p_agent AND period_key = p_day;
    IF FOUND THEN
      IF p_daily_count IS NOT NULL AND c + 1 > p_daily_count THEN
        RETURN 'DAILY_TRANSACTION_LIMIT';
      END IF;
      IF p_daily IS NOT NULL AND s + p_amount > p_daily THEN
        RETURN 'DAILY_LIMIT';
      END IF;
      CONTINUE;
    END IF;
    INSERT INTO agent_usage (agent_id, period_key) VALUES (p_agent, p_day), (p_agent, p_month) ON CONFLICT DO NOTHING;
  END LOOP;
  LOOP
    UPDATE agent_usage SET spent = spent + p_amount, count = count + 1
     WHERE agent_id = p_agent AND period_key = p_month
       AND (p_monthly IS NULL OR spent + p_amount <= p_monthly);
    EXIT WHEN FOUND;
    SELECT spent INTO s FROM agent_usage WHERE agent_id = p_agent AND period_key = p_month;
    IF FOUND AND p_monthly IS NOT NULL AND s + p_amount > p_monthly THEN
      UPDATE agent_usage SET spent = spent - p_amount, count = count - 1 WHERE agent_id = p_agent AND period_key = p_day;
      RETURN 'MONTHLY_LIMIT';
    END IF;
    IF FOUND THEN
      CONTINUE;
    END IF;
    INSERT INTO agent_usage (agent_id, period_key) VALUES (p_agent, p_month) ON CONFLICT DO NOTHING;
  END LOOP;
  RETURN 'OK';
END;
$$;
