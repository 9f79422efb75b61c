-- The hosted liveness page finds its external account by the SHA-256 of the
-- link's token; without this index that lookup scans every account.
CREATE INDEX "external_accounts_liveness_token_idx"
  ON "external_accounts" ((ownership_challenge ->> 'tokenHash'))
  WHERE ownership_challenge ->> 'method' = 'LIVENESS';
