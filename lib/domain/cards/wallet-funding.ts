// Cards funded by an embedded wallet (reference: POST /cards, /auth/delegated-keys). Money
// leaves a wallet only with its holder's approval (the ledger refuses it otherwise, MW001);
// for a card that approval is the ACTIVE delegated key the holder created for the card's
// funding binding (lib/domain/wallet-auth/delegated-keys.ts). Until one exists, or once it
// is revoked, the program cannot use the wallet: authorizations decline and advices, post-hoc
// pulls and return reversals end in EXCEPTION, as when the balance does not cover them.
import "server-only";
import type { Db } from "../../db/client";
import { DomainError } from "../../kernel/errors";
import type { WalletApproval } from "../../ledger/post";

/** May the card debit its funding account, and with which approval (null: a fiat account needs none). */
export type FundingApproval = { allowed: true; approval: WalletApproval | null } | { allowed: false };

/**
 * The approval a debit of `accountUuid` (the card's funding account) needs. The key row is share-locked,
 * so a revocation waits for this transaction and the debit never rides on a key revoked meanwhile.
 */
export async function fundingApproval(
  tx: Db,
  platformId: string,
  cardUuid: string,
  accountUuid: string,
): Promise<FundingApproval> {
  const rows = await tx.$queryRaw<{ type: string; public_key: string | null }[]>`
    SELECT a.type, k.public_key
    FROM internal_accounts a
    LEFT JOIN LATERAL (
      SELECT public_key FROM delegated_keys
      WHERE card_id = ${cardUuid}::uuid AND account_id = a.id AND platform_id = a.platform_id AND status = 'ACTIVE'
      LIMIT 1 FOR SHARE
    ) k ON true
    WHERE a.id = ${accountUuid}::uuid AND a.platform_id = ${platformId}::uuid`;
  const row = rows[0];
  if (!row || row.type !== "EMBEDDED_WALLET") return { allowed: true, approval: null };
  if (!row.public_key) return { allowed: false };
  return { allowed: true, approval: { account: accountUuid, by: row.public_key } };
}

/** The decline of an authorization on a wallet-funded card without an ACTIVE delegated key. */
export function noDelegatedKey(): DomainError {
  return new DomainError(
    "CONFLICT",
    "Declined: the card's funding source is an embedded wallet with no ACTIVE delegated key; " +
      "the cardholder creates one with POST /auth/delegated-keys",
    { declineReason: "FUNDING_SOURCE_NOT_AUTHORIZED" },
  );
}
