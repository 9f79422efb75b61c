// Embedded Wallet Auth: the operations of the reference's "Embedded Wallet Auth" group, as the API
// declares them (method, path, auth, schemas); the work is done in lib/domain.
import { SIGNED_RETRY_HEADERS, signedCall, walletAnswer } from "../signed-retry";
import { z } from "zod";
import { defineOperation } from "../operation";
import { ErrorResponses, ErrorSchema, errorResponsesExcept, refusal400 } from "../responses";
import {
  createCredential,
  listCredentials,
  deleteCredential,
  challengeCredential,
  verifyCredential,
} from "../../domain/wallet-auth/credentials";
import {
  SignedRetryChallengeResponse,
  AuthSignedRetryChallengeResponse,
  CredentialCreate,
  AuthMethodResponse,
  AuthCredentialChallengeResponse,
  AccountQuery,
  IdParams,
  CredentialChallengeBody,
  CredentialVerify,
  SessionResponse,
  SessionRefreshBody,
} from "../../domain/wallet-auth/schemas";
import { listSessions, revokeSession, refreshSession } from "../../domain/wallet-auth/session-actions";
import {
  createDelegatedKey as createDelegatedKeyFlow,
  getDelegatedKey,
  listDelegatedKeys as listDelegatedKeysOf,
  revokeDelegatedKey as revokeDelegatedKeyOf,
} from "../../domain/wallet-auth/delegated-keys";
import { DelegatedKeyCreate, DelegatedKeyListQuery, DelegatedKeyResponse } from "../../domain/wallet-auth/schemas";

const TAG = "Embedded Wallet Auth";

export const challenge202 = {
  202: {
    description: "Signed-retry challenge: sign payloadToSign and repeat the request",
    schema: SignedRetryChallengeResponse,
  },
};

/** The 202 of credential and session management: the challenge names the credential type involved. */
const authChallenge202 = {
  202: {
    description: "Signed-retry challenge: sign payloadToSign and repeat the request",
    schema: AuthSignedRetryChallengeResponse,
  },
};

// POST /auth/credentials – register a credential (further credentials by signed retry)
export const createAuthCredential = defineOperation({
  operationId: "createAuthCredential",
  method: "POST",
  path: "/auth/credentials",
  summary: "Create an authentication credential",
  tag: TAG,
  auth: "platform",
  permission: "MANAGE",
  body: CredentialCreate,
  headers: SIGNED_RETRY_HEADERS,
  responses: {
    201: { description: "The created credential", schema: AuthMethodResponse },
    ...authChallenge202,
    ...ErrorResponses,
  },
  handle: async ({ ctx, body, request, rawBody }) =>
    walletAnswer(await createCredential({ ctx, body, call: signedCall(request, rawBody) }), 201),
});

// GET /auth/credentials?accountId – a wallet's credentials
export const listAuthCredentials = defineOperation({
  operationId: "listAuthCredentials",
  method: "GET",
  path: "/auth/credentials",
  summary: "List authentication credentials",
  tag: TAG,
  auth: "platform",
  permission: "VIEW",
  query: AccountQuery,
  responses: {
    200: { description: "The wallet's credentials", schema: z.object({ data: z.array(AuthMethodResponse) }) },
    ...errorResponsesExcept(404),
  },
  handle: async ({ ctx, query }) => ({ status: 200, body: await listCredentials(ctx.platformId, query.accountId) }),
});

// DELETE /auth/credentials/{id} – revoke a credential (signed retry by another credential's session)
export const revokeAuthCredential = defineOperation({
  operationId: "revokeAuthCredential",
  method: "DELETE",
  path: "/auth/credentials/{id}",
  summary: "Revoke an authentication credential",
  tag: TAG,
  auth: "platform",
  permission: "MANAGE",
  params: IdParams,
  headers: SIGNED_RETRY_HEADERS,
  responses: {
    204: { description: "Revoked" },
    ...authChallenge202,
    ...errorResponsesExcept(409),
    // not the generic 400 (no input to validate): the refusal to revoke an account's only credential
    400: { description: "INVALID_INPUT on id: the account's only credential cannot be revoked", schema: ErrorSchema },
  },
  handle: async ({ ctx, params, request, rawBody }) =>
    walletAnswer(await deleteCredential({ ctx, id: params.id, call: signedCall(request, rawBody) }), 204),
});

// POST /auth/credentials/{id}/challenge – new OTP (target bundle) or passkey challenge
export const challengeAuthCredential = defineOperation({
  operationId: "challengeAuthCredential",
  method: "POST",
  path: "/auth/credentials/{id}/challenge",
  summary: "Issue an authentication challenge for a credential",
  tag: TAG,
  auth: "platform",
  permission: "MANAGE",
  params: IdParams,
  body: CredentialChallengeBody,
  responses: {
    200: {
      description:
        "The credential with otpEncryptionTargetBundle (OTP) or challenge, requestId and expiresAt (PASSKEY)",
      schema: AuthCredentialChallengeResponse,
    },
    ...errorResponsesExcept(409),
  },
  handle: async ({ ctx, params, body }) => ({
    status: 200,
    body: await challengeCredential({ ctx, id: params.id, clientPublicKey: body.clientPublicKey }),
  }),
});

// POST /auth/credentials/{id}/verify – authenticate and open a session
export const verifyAuthCredential = defineOperation({
  operationId: "verifyAuthCredential",
  method: "POST",
  path: "/auth/credentials/{id}/verify",
  summary: "Verify a credential and create a session",
  tag: TAG,
  auth: "platform",
  permission: "MANAGE",
  params: IdParams,
  body: CredentialVerify,
  headers: SIGNED_RETRY_HEADERS,
  responses: {
    200: { description: "AuthSession", schema: SessionResponse },
    ...authChallenge202,
    ...errorResponsesExcept(409),
  },
  handle: async ({ ctx, params, body, request, rawBody }) =>
    walletAnswer(await verifyCredential({ ctx, id: params.id, body, call: signedCall(request, rawBody) })),
});

// GET /auth/sessions?accountId – active sessions of a wallet
export const listAuthSessions = defineOperation({
  operationId: "listAuthSessions",
  method: "GET",
  path: "/auth/sessions",
  summary: "List active sessions",
  tag: TAG,
  auth: "platform",
  permission: "VIEW",
  query: AccountQuery,
  responses: {
    200: {
      description: "Active sessions (never the signing key)",
      schema: z.object({ data: z.array(SessionResponse) }),
    },
    ...errorResponsesExcept(404),
  },
  handle: async ({ ctx, query }) => ({ status: 200, body: await listSessions(ctx, query.accountId) }),
});

// DELETE /auth/sessions/{id} – revoke a session (signed retry)
export const revokeAuthSession = defineOperation({
  operationId: "revokeAuthSession",
  method: "DELETE",
  path: "/auth/sessions/{id}",
  summary: "Revoke a session",
  tag: TAG,
  auth: "platform",
  permission: "MANAGE",
  params: IdParams,
  headers: SIGNED_RETRY_HEADERS,
  responses: { 204: { description: "Revoked" }, ...authChallenge202, ...errorResponsesExcept(409) },
  handle: async ({ ctx, params, request, rawBody }) =>
    walletAnswer(await revokeSession({ ctx, id: params.id, call: signedCall(request, rawBody) }), 204),
});

// POST /auth/sessions/{id}/refresh – a new session with a new sealed key (signed retry)
export const refreshAuthSession = defineOperation({
  operationId: "refreshAuthSession",
  method: "POST",
  path: "/auth/sessions/{id}/refresh",
  summary: "Refresh a session",
  tag: TAG,
  auth: "platform",
  permission: "MANAGE",
  params: IdParams,
  body: SessionRefreshBody,
  headers: SIGNED_RETRY_HEADERS,
  responses: {
    201: { description: "AuthSession with a new encryptedSessionSigningKey", schema: SessionResponse },
    ...challenge202,
    ...errorResponsesExcept(409),
  },
  handle: async ({ ctx, params, body, request, rawBody }) =>
    walletAnswer(
      await refreshSession({
        ctx,
        id: params.id,
        clientPublicKey: body.clientPublicKey,
        call: signedCall(request, rawBody),
      }),
      201,
    ),
});

/**
 * The error statuses the reference documents for an operation, plus 403: every operation checks the token's
 * permission (x-required-permission; the security sweep requires the 403 documented).
 */
function referenceErrors(...statuses: (keyof typeof ErrorResponses)[]) {
  return Object.fromEntries([...statuses, 403].map((s) => [s, ErrorResponses[s as keyof typeof ErrorResponses]]));
}

// POST /auth/delegated-keys – a card spends from an embedded wallet: three legs (202, signed 202, signed 201)
export const createDelegatedKey = defineOperation({
  operationId: "createDelegatedKey",
  method: "POST",
  path: "/auth/delegated-keys",
  summary: "Create a delegated signing key",
  tag: TAG,
  auth: "platform",
  permission: "MANAGE",
  body: DelegatedKeyCreate,
  headers: SIGNED_RETRY_HEADERS,
  responses: {
    201: { description: "The delegated key, ACTIVE", schema: DelegatedKeyResponse },
    ...challenge202,
    ...referenceErrors(400, 401, 404, 409, 500),
  },
  handle: async ({ ctx, body, request, rawBody }) =>
    walletAnswer(await createDelegatedKeyFlow({ ctx, body, call: signedCall(request, rawBody) }), 201),
});

// GET /auth/delegated-keys?accountId&fundingSourceId – at least one filter
export const listDelegatedKeys = defineOperation({
  operationId: "listDelegatedKeys",
  method: "GET",
  path: "/auth/delegated-keys",
  summary: "List delegated signing keys",
  tag: TAG,
  auth: "platform",
  permission: "VIEW",
  query: DelegatedKeyListQuery,
  responses: {
    200: {
      description: "Delegated keys (PENDING, ACTIVE and REVOKED), newest first",
      schema: z.object({ data: z.array(DelegatedKeyResponse) }),
    },
    ...referenceErrors(400, 401, 500),
  },
  handle: async ({ ctx, query }) => ({ status: 200, body: await listDelegatedKeysOf(ctx.platformId, query) }),
});

// GET /auth/delegated-keys/{id}
export const getDelegatedKeyById = defineOperation({
  operationId: "getDelegatedKeyById",
  method: "GET",
  path: "/auth/delegated-keys/{id}",
  summary: "Get a delegated signing key",
  tag: TAG,
  auth: "platform",
  permission: "VIEW",
  params: IdParams,
  responses: {
    200: { description: "The delegated key", schema: DelegatedKeyResponse },
    ...referenceErrors(401, 404, 500),
  },
  handle: async ({ ctx, params }) => ({ status: 200, body: await getDelegatedKey(ctx.platformId, params.id) }),
});

// DELETE /auth/delegated-keys/{id} – revoke an ACTIVE key (no signature: it only takes authority away)
export const revokeDelegatedKey = defineOperation({
  operationId: "revokeDelegatedKey",
  method: "DELETE",
  path: "/auth/delegated-keys/{id}",
  summary: "Revoke a delegated signing key",
  tag: TAG,
  auth: "platform",
  permission: "MANAGE",
  params: IdParams,
  responses: {
    204: { description: "Revoked" },
    ...referenceErrors(401, 404, 500),
    ...refusal400("The delegated key is not active"),
  },
  handle: async ({ ctx, params }) => {
    await revokeDelegatedKeyOf(ctx, params.id);
    return { status: 204 };
  },
});

export const embeddedWalletAuthOperations = [
  createAuthCredential,
  listAuthCredentials,
  revokeAuthCredential,
  challengeAuthCredential,
  verifyAuthCredential,
  listAuthSessions,
  revokeAuthSession,
  refreshAuthSession,
  createDelegatedKey,
  listDelegatedKeys,
  getDelegatedKeyById,
  revokeDelegatedKey,
];
