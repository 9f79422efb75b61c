// External Accounts: the operations of the reference's "External Accounts" group, as the API
// declares them (method, path, auth, schemas); the work is done in lib/domain.
import { z } from "zod";
import { defineOperation } from "../operation";
import { ErrorResponses, errorResponsesExcept } from "../responses";
import { db } from "../../db/client";
import {
  type Scope,
  createExternalAccount,
  listExternalAccounts,
  serializeExternalAccount,
  findExternalAccount,
  deleteExternalAccount,
  startOwnershipChallenge,
  verifyOwnership,
} from "../../domain/external-accounts/external-accounts";
import {
  type ExternalAccountCreate,
  CustomerExternalAccountCreate,
  PlatformExternalAccountCreate,
  ExternalAccountResponse,
  ExternalAccountListQuery,
  OwnershipChallengeRequest,
  OwnershipVerifyRequest,
} from "../../domain/external-accounts/schemas";
import { verifyWalletSignature } from "../../domain/external-accounts/wallet-signature";
import { PaginationQuery, pageSchema } from "../../kernel/pagination";

const Params = z.object({ externalAccountId: z.string() });

const ChallengeResponse = z.union([
  z.object({ method: z.literal("WALLET_SIGNATURE"), messageToSign: z.string(), expiresAt: z.string() }),
  z.object({ method: z.literal("LIVENESS"), verificationLink: z.string(), expiresAt: z.string() }),
]);

const TAG = "External Accounts";

function family(scope: Scope) {
  const base = scope === "customer" ? "/customers/external-accounts" : "/platform/external-accounts";
  const who = scope === "customer" ? "Customer" : "Platform";
  // The body type is named: inferred from the two schemas, it depended on the order TypeScript met them.
  const create = defineOperation<ExternalAccountCreate>({
    operationId: `create${who}ExternalAccount`,
    method: "POST",
    path: base,
    summary: `Add a new ${scope} external account`,
    tag: TAG,
    auth: "platform",
    permission: "MANAGE",
    body: scope === "customer" ? CustomerExternalAccountCreate : PlatformExternalAccountCreate,
    // a missing customer named in the body is 400, as the reference answers (it documents no 404 here)
    responses: {
      201: { description: "Created external account", schema: ExternalAccountResponse },
      ...errorResponsesExcept(404),
    },
    handle: async ({ ctx, body }) => ({ status: 201, body: await createExternalAccount(db(), ctx.platformId, body) }),
  });
  const list = defineOperation({
    operationId: `list${who}ExternalAccounts`,
    method: "GET",
    path: base,
    summary: `List ${scope} external accounts`,
    tag: TAG,
    auth: "platform",
    permission: "VIEW",
    // platform accounts belong to no customer: their list has no customerId filter to document
    query: PaginationQuery.extend(
      (scope === "customer" ? ExternalAccountListQuery : ExternalAccountListQuery.omit({ customerId: true })).shape,
    ),
    responses: {
      200: { description: "A page of external accounts", schema: pageSchema(ExternalAccountResponse) },
      ...ErrorResponses,
    },
    handle: async ({ ctx, query }) => ({
      status: 200,
      body: await listExternalAccounts(db(), ctx.platformId, scope, query),
    }),
  });
  const get = defineOperation({
    operationId: `get${who}ExternalAccountById`,
    method: "GET",
    path: `${base}/{externalAccountId}`,
    summary: `Get a ${scope} external account by id`,
    tag: TAG,
    auth: "platform",
    permission: "VIEW",
    params: Params,
    responses: { 200: { description: "The external account", schema: ExternalAccountResponse }, ...ErrorResponses },
    handle: async ({ ctx, params }) => ({
      status: 200,
      body: serializeExternalAccount(await findExternalAccount(db(), ctx.platformId, params.externalAccountId, scope)),
    }),
  });
  const remove = defineOperation({
    operationId: `delete${who}ExternalAccountById`,
    method: "DELETE",
    path: `${base}/{externalAccountId}`,
    summary: `Delete a ${scope} external account (409 BENEFICIARY_TRUSTED while trusted)`,
    tag: TAG,
    auth: "platform",
    permission: "MANAGE",
    params: Params,
    // 409 BENEFICIARY_TRUSTED: only a customer's account can be a trusted beneficiary
    responses: {
      204: { description: "Deleted" },
      ...(who === "Customer" ? ErrorResponses : errorResponsesExcept(409)),
    },
    handle: async ({ ctx, params }) => {
      await deleteExternalAccount(db(), ctx.platformId, params.externalAccountId, scope);
      return { status: 204 };
    },
  });
  const challenge = defineOperation({
    operationId: `create${who === "Customer" ? "" : "Platform"}ExternalAccountOwnershipChallenge`,
    method: "POST",
    path: `${base}/{externalAccountId}/challenge`,
    summary: "Start a wallet ownership verification challenge (WALLET_SIGNATURE, or LIVENESS through a hosted page)",
    tag: TAG,
    auth: "platform",
    permission: "MANAGE",
    params: Params,
    body: OwnershipChallengeRequest,
    responses: {
      201: {
        description: "The challenge: a message to sign with the wallet, or a hosted liveness link",
        schema: ChallengeResponse,
      },
      ...ErrorResponses,
    },
    handle: async ({ ctx, params, body }) => ({
      status: 201,
      body: await startOwnershipChallenge(db(), ctx.platformId, params.externalAccountId, scope, body.method),
    }),
  });
  const verify = defineOperation({
    operationId: `verify${who === "Customer" ? "" : "Platform"}ExternalAccountOwnership`,
    method: "POST",
    path: `${base}/{externalAccountId}/verify`,
    summary: "Verify wallet ownership with the wallet's signature",
    tag: TAG,
    auth: "platform",
    permission: "MANAGE",
    params: Params,
    body: OwnershipVerifyRequest,
    responses: {
      200: { description: "The external account, now ACTIVE", schema: ExternalAccountResponse },
      ...ErrorResponses,
    },
    handle: async ({ ctx, params, body }) => ({
      status: 200,
      body: await verifyOwnership(
        db(),
        ctx.platformId,
        params.externalAccountId,
        scope,
        body.signature,
        verifyWalletSignature,
      ),
    }),
  });
  return { create, list, get, remove, challenge, verify };
}

export const customerExternalAccounts = family("customer");

export const platformExternalAccounts = family("platform");

export const externalAccountsOperations = [
  ...Object.values(customerExternalAccounts),
  ...Object.values(platformExternalAccounts),
];
