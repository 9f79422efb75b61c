// GET /auth/sessions, POST /auth/sessions/{id}/refresh, DELETE /auth/sessions/{id}.
// Refresh and revoke are signed retries; any active session of the same wallet
// may sign, including the session being revoked or refreshed.
import "server-only";
import { db } from "../../db/client";
import { DomainError, invalidField } from "../../kernel/errors";
import type { SignedCall, WalletCall, WalletOutcome } from "../common/call";
import { parseApiId, toApiId } from "../../ids";
import { signedRetry } from "./signed-retry";

type SessionBody = ReturnType<typeof serializeSession>;
import { activityPayload } from "./payloads";
import { activeSessions, createSealedSession, findActiveSession, serializeSession } from "./sessions";

export async function listSessions(ctx: WalletCall, accountId: string) {
  const uuid = parseApiId("InternalAccount", accountId);
  if (!uuid) throw invalidField("accountId", "Expected an InternalAccount:<uuid> id", "FORMAT");
  const rows = await activeSessions(db(), ctx.platformId, uuid, ctx.clock.now());
  return { data: rows.map((r) => serializeSession(r)) };
}

async function loadActive(ctx: WalletCall, id: string) {
  const uuid = parseApiId("Session", id);
  const session = uuid ? await findActiveSession(db(), ctx.platformId, uuid, ctx.clock.now()) : null;
  if (!session) throw new DomainError("REFERENCE_NOT_FOUND", `Session ${id} not found (unknown, expired or revoked)`);
  return session;
}

export async function revokeSession(input: {
  ctx: WalletCall;
  id: string;
  call: SignedCall;
}): Promise<WalletOutcome<null>> {
  const { ctx } = input;
  const session = await loadActive(ctx, input.id);
  const r = await signedRetry({
    ctx,
    call: input.call,
    accountId: session.accountId,
    purpose: `session.revoke:${session.id}`,
    type: session.type,
    payloadToSign: (requestId) =>
      activityPayload(ctx.clock, "DELETE_API_KEYS", toApiId("InternalAccount", session.accountId), requestId, {
        apiKeyIds: [toApiId("Session", session.id)],
        userId: toApiId("Customer", session.credential.customerId),
      }),
  });
  if (r.kind !== "approved") return r;
  await db().$transaction(async (tx) => {
    await tx.walletSession.updateMany({
      where: { id: session.id, revokedAt: null },
      data: { revokedAt: ctx.clock.now() },
    });
    await r.commit(tx, null);
  });
  return { kind: "done", value: null };
}

export async function refreshSession(input: {
  ctx: WalletCall;
  id: string;
  clientPublicKey: string;
  call: SignedCall;
}): Promise<WalletOutcome<SessionBody>> {
  const { ctx } = input;
  const session = await loadActive(ctx, input.id);
  const r = await signedRetry<SessionBody>({
    ctx,
    call: input.call,
    accountId: session.accountId,
    purpose: `session.refresh:${session.id}`,
    type: session.type,
    payloadToSign: (requestId) =>
      activityPayload(
        ctx.clock,
        "CREATE_READ_WRITE_SESSION_V2",
        toApiId("InternalAccount", session.accountId),
        requestId,
        {
          targetPublicKey: input.clientPublicKey,
          userId: toApiId("Customer", session.credential.customerId),
        },
      ),
  });
  if (r.kind !== "approved") return r;
  const value = await db().$transaction(async (tx) => {
    const sealed = await createSealedSession(tx, session.credential, input.clientPublicKey, ctx.clock.now());
    const body = serializeSession(sealed.row, sealed.encryptedSessionSigningKey);
    await r.commit(tx, body);
    return body;
  });
  return { kind: "done", value };
}
