// Delegated signing keys (reference: /auth/delegated-keys). The holder of an embedded
// wallet lets the card program spend from it for one card: a server-custodied P-256 key,
// bound to the card's funding binding (card, wallet), stands in for a session key when a
// card authorization debits the wallet (lib/domain/cards/wallet-funding.ts).
//
// Creation is the reference's three-leg signed retry, every leg with the identical request:
//   1. no signature headers: the key is generated (its id fixed) → 202 challenge
//      (payloadToSign: a CREATE_USERS activity naming the key's public key);
//   2. signed retry with a session key of the wallet → the key exists as PENDING (it cannot
//      sign) → a second 202 challenge (a CREATE_POLICIES activity granting it signing);
//   3. signed retry of the second challenge with the same session key → 201, ACTIVE.
// A flow abandoned after leg 2 leaves a PENDING key, which blocks nothing. At most one ACTIVE
// key per funding binding (409 CONFLICT; a unique index holds it under races). Revocation
// (DELETE) is the platform's call alone, as in the reference: it only takes authority away.
//
// The private key is derived from MERIDIAN_SECRET_KEY and the key id, never stored and never
// returned; the public key identifies it and is what the ledger records as the approval of
// the wallet debits it authorizes.
import "server-only";
import { createHash } from "node:crypto";
import { db, isUniqueViolation, type Db } from "../../db/client";
import { DomainError, invalidField } from "../../kernel/errors";
import { newUuid, parseApiId, toApiId } from "../../ids";
import { deriveKey, p256FromScalar } from "../../crypto/keys";
import type { SignedCall, SignedChallenge, WalletCall, WalletOutcome } from "../common/call";
import { signedRetry } from "./signed-retry";
import { activityPayload } from "./payloads";
import { isFinalCardStatus } from "../cards/status";
import type { DelegatedKeyCreate } from "./schemas";

type DelegatedKeyRow = NonNullable<Awaited<ReturnType<ReturnType<typeof db>["delegatedKey"]["findFirst"]>>>;
export type DelegatedKeyBody = ReturnType<typeof serializeDelegatedKey>;

const USER_LEG = "delegated-key.user";
const POLICY_LEG = "delegated-key.policy";
/** Most keys a list returns (newest first); abandoned PENDING keys are the only way to have many. */
const LIST_LIMIT = 200;

/** Compressed SEC1 hex of the delegated key `uuid` (its private half is derived the same way, on demand). */
export function delegatedPublicKey(uuid: string): string {
  const raw = p256FromScalar(deriveKey(`delegated-key-v1:${uuid}`, 48)).publicKeyRaw;
  return `${raw[64] % 2 === 0 ? "02" : "03"}${raw.subarray(1, 33).toString("hex")}`;
}

/**
 * The id of a card's funding binding to an account (the reference's CardFundingSource): a card
 * here has one funding source, so the binding is the pair, and its id is derived from both.
 */
export function fundingSourceUuid(cardUuid: string, accountUuid: string): string {
  const h = createHash("sha256").update(`card-funding-source:${cardUuid}:${accountUuid}`).digest();
  h[6] = (h[6] & 0x0f) | 0x80; // UUID version 8 (custom)
  h[8] = (h[8] & 0x3f) | 0x80; // RFC 9562 variant
  const x = h.subarray(0, 16).toString("hex");
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

export function serializeDelegatedKey(row: DelegatedKeyRow) {
  return {
    id: toApiId("DelegatedKey", row.id),
    cardId: toApiId("Card", row.cardId),
    fundingSourceId: toApiId("CardFundingSource", row.fundingSourceId),
    accountId: toApiId("InternalAccount", row.accountId),
    publicKey: row.publicKey,
    nickname: row.nickname,
    status: row.status as "PENDING" | "ACTIVE" | "REVOKED",
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

interface Binding {
  cardUuid: string;
  accountUuid: string;
  customerUuid: string;
  fundingSourceUuid: string;
}

/**
 * The (card, embedded wallet) funding binding the request names, scoped to the platform: 404 when
 * the card, the wallet or the binding (the card is not funded by that wallet) is unknown, 400 for a
 * closed card, 409 (with noActiveKey) when the binding already has an ACTIVE key.
 */
async function loadBinding(
  tx: Db,
  platformId: string,
  body: DelegatedKeyCreate,
  opts: { noActiveKey: boolean },
): Promise<Binding> {
  const cardUuid = parseApiId("Card", body.cardId);
  const accountUuid = parseApiId("InternalAccount", body.internalAccountId);
  const card = cardUuid
    ? await tx.card.findFirst({
        where: { id: cardUuid, platformId },
        select: { id: true, status: true, fundingSourceId: true, customerId: true },
      })
    : null;
  if (!card) throw new DomainError("REFERENCE_NOT_FOUND", `Card ${body.cardId} not found`);
  const account = accountUuid
    ? await tx.internalAccount.findFirst({
        where: { id: accountUuid, platformId, type: "EMBEDDED_WALLET", customer: { deletedAt: null } },
        select: { id: true },
      })
    : null;
  if (!account)
    throw new DomainError(
      "REFERENCE_NOT_FOUND",
      `Embedded Wallet internal account ${body.internalAccountId} not found`,
    );
  if (card.fundingSourceId !== account.id) {
    throw new DomainError(
      "REFERENCE_NOT_FOUND",
      `Card funding source not found: card ${body.cardId} is not funded by ${body.internalAccountId}`,
    );
  }
  if (isFinalCardStatus(card.status)) throw invalidField("cardId", `Card ${body.cardId} is ${card.status}`);
  const active = opts.noActiveKey
    ? await tx.delegatedKey.findFirst({
        where: { platformId, cardId: card.id, accountId: account.id, status: "ACTIVE" },
        select: { id: true },
      })
    : null;
  if (active) {
    throw new DomainError(
      "CONFLICT",
      `An ACTIVE delegated key (${toApiId("DelegatedKey", active.id)}) already exists for this card funding source; ` +
        "revoke it with DELETE /auth/delegated-keys/{id} before creating a new one",
    );
  }
  return {
    cardUuid: card.id,
    accountUuid: account.id,
    customerUuid: card.customerId,
    fundingSourceUuid: fundingSourceUuid(card.id, account.id),
  };
}

/** Which leg a signed retry is: the purpose of the challenge its Request-Id names (leg 2 when unknown). */
async function legOf(platformId: string, requestId: string | null): Promise<string> {
  const uuid = requestId ? parseApiId("Request", requestId.trim()) : null;
  if (!uuid) return USER_LEG;
  const row = await db().walletChallenge.findFirst({ where: { id: uuid, platformId }, select: { purpose: true } });
  return row?.purpose === POLICY_LEG ? POLICY_LEG : USER_LEG;
}

/** A leg's committed answer handed to a repeat after a crash: leg 2's is the next challenge. */
type LegAnswer = SignedChallenge | DelegatedKeyBody;
function delivered(value: LegAnswer): WalletOutcome<DelegatedKeyBody> {
  return "kind" in value && value.kind === "challenge" ? value : { kind: "done", value: value as DelegatedKeyBody };
}

export async function createDelegatedKey(input: {
  ctx: WalletCall;
  body: DelegatedKeyCreate;
  call: SignedCall;
}): Promise<WalletOutcome<DelegatedKeyBody>> {
  const { ctx, body, call } = input;
  // The 409 for an ACTIVE key is decided on the first leg and again when the key activates, not in
  // between: a repeat of a finished leg 3 (crash recovery) must still receive its 201.
  const binding = await loadBinding(db(), ctx.platformId, body, { noActiveKey: call.retry === null });
  const org = toApiId("InternalAccount", binding.accountUuid);
  const userId = toApiId("Customer", binding.customerUuid);

  if (call.retry === null) {
    const keyUuid = newUuid();
    return signedRetry<never>({
      ctx,
      call,
      accountId: binding.accountUuid,
      purpose: USER_LEG,
      data: { keyId: keyUuid },
      payloadToSign: (requestId) =>
        activityPayload(ctx.clock, "CREATE_USERS_V3", org, requestId, {
          users: [
            {
              apiKeys: [
                {
                  apiKeyName: body.nickname,
                  curveType: "API_KEY_CURVE_P256",
                  publicKey: delegatedPublicKey(keyUuid),
                },
              ],
              userName: toApiId("DelegatedKey", keyUuid),
            },
          ],
        }),
    }) as Promise<WalletOutcome<never>>;
  }

  if ((await legOf(ctx.platformId, call.retry.requestId)) === USER_LEG) {
    const r = await signedRetry<LegAnswer>({
      ctx,
      call,
      accountId: binding.accountUuid,
      purpose: USER_LEG,
      payloadToSign: () => "",
    });
    if (r.kind === "done") return delivered(r.value);
    if (r.kind !== "approved") return r;
    const keyUuid = String(r.verified.data.keyId);
    const keyId = toApiId("DelegatedKey", keyUuid);
    const next = (await signedRetry<never>({
      ctx,
      call: { fingerprint: call.fingerprint, retry: null },
      accountId: binding.accountUuid,
      purpose: POLICY_LEG,
      data: { keyId: keyUuid, signer: r.verified.publicKey },
      payloadToSign: (requestId) =>
        activityPayload(ctx.clock, "CREATE_POLICIES", org, requestId, {
          policies: [
            {
              condition: "activity.type == 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2'",
              consensus: `approvers.any(user, user.id == '${keyId}')`,
              effect: "EFFECT_ALLOW",
              policyName: `Card ${toApiId("Card", binding.cardUuid)} spends from ${org}`,
            },
            {
              condition: "activity.type == 'ACTIVITY_TYPE_DELETE_USERS'",
              consensus: `approvers.any(user, user.id == '${keyId}')`,
              effect: "EFFECT_ALLOW",
              policyName: `${keyId} may revoke itself`,
            },
          ],
          userId,
        }),
    })) as SignedChallenge;
    const now = ctx.clock.now();
    await db().$transaction(async (tx) => {
      await tx.delegatedKey.create({
        data: {
          id: keyUuid,
          platformId: ctx.platformId,
          cardId: binding.cardUuid,
          accountId: binding.accountUuid,
          fundingSourceId: binding.fundingSourceUuid,
          publicKey: delegatedPublicKey(keyUuid),
          nickname: body.nickname,
          status: "PENDING",
          approvedBy: r.verified.publicKey,
          createdAt: now,
          updatedAt: now,
        },
      });
      await r.commit(tx, next);
    });
    return next;
  }

  const r = await signedRetry<LegAnswer>({
    ctx,
    call,
    accountId: binding.accountUuid,
    purpose: POLICY_LEG,
    payloadToSign: () => "",
  });
  if (r.kind === "done") return delivered(r.value);
  if (r.kind !== "approved") return r;
  if (r.verified.data.signer !== r.verified.publicKey) {
    throw new DomainError(
      "WALLET_SIGNATURE_INVALID",
      "Sign both approvals of a delegated key with the same session key (the one that signed the first retry)",
    );
  }
  const keyUuid = String(r.verified.data.keyId);
  try {
    const value = await db().$transaction(async (tx) => {
      // The binding must still hold when the key becomes usable (the card may have been rebound or closed).
      await tx.$queryRaw`SELECT id FROM cards WHERE id = ${binding.cardUuid}::uuid FOR SHARE`;
      await loadBinding(tx, ctx.platformId, body, { noActiveKey: true });
      const moved = await tx.delegatedKey.updateMany({
        where: { id: keyUuid, platformId: ctx.platformId, status: "PENDING" },
        data: { status: "ACTIVE", updatedAt: ctx.clock.now() },
      });
      if (moved.count !== 1)
        throw new DomainError("REFERENCE_NOT_FOUND", `Delegated key ${toApiId("DelegatedKey", keyUuid)} not found`);
      const answer = serializeDelegatedKey(await tx.delegatedKey.findUniqueOrThrow({ where: { id: keyUuid } }));
      await r.commit(tx, answer);
      return answer;
    });
    return { kind: "done", value };
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new DomainError(
        "CONFLICT",
        "An ACTIVE delegated key was created concurrently for this card funding source",
      );
    }
    throw err;
  }
}

async function loadKey(platformId: string, id: string): Promise<DelegatedKeyRow> {
  const uuid = parseApiId("DelegatedKey", id);
  const row = uuid ? await db().delegatedKey.findFirst({ where: { id: uuid, platformId } }) : null;
  if (!row) throw new DomainError("REFERENCE_NOT_FOUND", `Delegated key ${id} not found`);
  return row;
}

export async function getDelegatedKey(platformId: string, id: string): Promise<DelegatedKeyBody> {
  return serializeDelegatedKey(await loadKey(platformId, id));
}

export async function listDelegatedKeys(
  platformId: string,
  query: { accountId?: string; fundingSourceId?: string },
): Promise<{ data: DelegatedKeyBody[] }> {
  if (!query.accountId && !query.fundingSourceId)
    throw invalidField("accountId", "Supply accountId, fundingSourceId or both", "REQUIRED");
  const accountUuid = query.accountId ? parseApiId("InternalAccount", query.accountId) : undefined;
  if (accountUuid === null) throw invalidField("accountId", "Expected an InternalAccount:<uuid> id", "FORMAT");
  const fundingUuid = query.fundingSourceId ? parseApiId("CardFundingSource", query.fundingSourceId) : undefined;
  if (fundingUuid === null) throw invalidField("fundingSourceId", "Expected a CardFundingSource:<uuid> id", "FORMAT");
  const rows = await db().delegatedKey.findMany({
    where: {
      platformId,
      ...(accountUuid ? { accountId: accountUuid } : {}),
      ...(fundingUuid ? { fundingSourceId: fundingUuid } : {}),
    },
    orderBy: { id: "desc" },
    take: LIST_LIMIT,
  });
  return { data: rows.map(serializeDelegatedKey) };
}

/** Revokes an ACTIVE key (400 otherwise): from now on it authorizes nothing. */
export async function revokeDelegatedKey(ctx: WalletCall, id: string): Promise<void> {
  const row = await loadKey(ctx.platformId, id);
  const now = ctx.clock.now();
  const moved = await db().delegatedKey.updateMany({
    where: { id: row.id, platformId: ctx.platformId, status: "ACTIVE" },
    data: { status: "REVOKED", revokedAt: now, updatedAt: now },
  });
  if (moved.count !== 1) {
    throw invalidField("id", `Delegated key ${id} is ${row.status === "ACTIVE" ? "REVOKED" : row.status}, not ACTIVE`);
  }
}
