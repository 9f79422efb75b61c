-- jobs_claim: the job worker's claim, walking jobs_status_run_at_idx in order. The claim it replaces
-- (`(status = 'PENDING' AND run_at <= now()) OR (status = 'RUNNING' AND locked_until < now())`) was planned as
-- a BitmapOr over that index, and a bitmap scan never marks an index entry whose row version is dead: every job
-- claimed or finished since the last vacuum of `jobs` left entries each poll read again (bench:api measured
-- 1,400-4,500 entries per poll under agent actions and card issuance, and their PostgreSQL CPU with them). A plain
-- index scan marks such entries dead as it passes them (kill_prior_tuple), so the next poll skips them: in a
-- scratch database after 4,000 jobs, 0.43 ms per empty poll before, 0.05 ms after the first ordered pass.
-- Each branch is its own ordered scan (an OR cannot be one); bitmap and sequential scans are switched off for
-- this function only (the planner picks them on an unanalysed or small table; switching sorts off as well made
-- each call take 100-150 ms, so the merge's sort of at most 2 x p_limit rows stays). The branches merge by run_at
-- so a lapsed lease is taken over in the same order as before, never starved by a flow of new jobs. In plpgsql,
-- not SQL: a SQL function plans its body on every call (bench:api with pg_stat_statements: 0.2 ms of planning per
-- claim), a plpgsql function once per connection.
CREATE OR REPLACE FUNCTION jobs_claim(p_worker TEXT, p_lease_seconds INTEGER, p_limit INTEGER)
RETURNS TABLE (id UUID, platform_id UUID, type TEXT, payload JSONB, attempts INTEGER, max_attempts INTEGER)
LANGUAGE plpgsql
SET enable_bitmapscan = off
SET enable_seqscan = off
AS $$
BEGIN
  RETURN QUERY
  WITH due AS (
    SELECT j.id, j.run_at FROM jobs j
     WHERE j.status = 'PENDING' AND j.run_at <= now()
     ORDER BY j.run_at LIMIT p_limit FOR UPDATE SKIP LOCKED
  ), lapsed AS (
    SELECT j.id, j.run_at FROM jobs j
     WHERE j.status = 'RUNNING' AND j.locked_until < now()
     ORDER BY j.run_at LIMIT p_limit FOR UPDATE SKIP LOCKED
  ), chosen AS (
    SELECT c.id FROM (SELECT * FROM due UNION ALL SELECT * FROM lapsed) c ORDER BY c.run_at LIMIT p_limit
  )
  UPDATE jobs SET status = 'RUNNING', locked_by = p_worker, locked_until = now() + make_interval(secs => p_lease_seconds),
         attempts = jobs.attempts + 1, updated_at = now()
    FROM chosen
   WHERE jobs.id = chosen.id
  RETURNING jobs.id, jobs.platform_id, jobs.type, jobs.payload, jobs.attempts, jobs.max_attempts;
END
$$;
