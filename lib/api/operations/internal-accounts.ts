// Internal Accounts: the operations of the reference's "Internal Accounts" group, as the API
// declares them (method, path, auth, schemas); the work is done in lib/domain.
import { SIGNED_RETRY_HEADERS, signedCall, walletAnswer } from "../signed-retry";
import { z } from "zod";
import { defineOperation } from "../operation";
import { ErrorResponses } from "../responses";
import { challenge202 } from "./embedded-wallet-auth";
import { db } from "../../db/client";
import { listCustomerInternalAccountsPage, serializeInternalAccount } from "../../domain/accounts/internal-accounts";
import { listPlatformInternalAccounts } from "../../domain/accounts/platform-accounts";
import { IdParams, WalletExportBody, WalletUpdateBody } from "../../domain/wallet-auth/schemas";
import { exportWallet, updateWallet } from "../../domain/wallet-auth/wallet-actions";
import { PaginationQuery, pageSchema } from "../../kernel/pagination";
import { InternalAccountResponse } from "../../domain/accounts/schemas";

// GET /customers/internal-accounts – a customer's (or all customers') internal accounts
export const listCustomerInternalAccounts = defineOperation({
  operationId: "listCustomerInternalAccounts",
  method: "GET",
  path: "/customers/internal-accounts",
  summary: "List customer internal accounts",
  tag: "Internal Accounts",
  auth: "platform",
  permission: "VIEW",
  query: PaginationQuery.extend({
    customerId: z.string().optional(),
    currency: z.string().optional(),
    type: z.enum(["INTERNAL_FIAT", "INTERNAL_CRYPTO", "EMBEDDED_WALLET"]).optional(),
  }),
  responses: {
    200: { description: "A page of internal accounts", schema: pageSchema(InternalAccountResponse) },
    ...ErrorResponses,
  },
  handle: async ({ ctx, query }) => ({
    status: 200,
    body: await listCustomerInternalAccountsPage(db(), ctx.platformId, query),
  }),
});

// GET /platform/internal-accounts – the platform's own internal accounts (not paginated, per the reference)
export const listPlatformInternalAccountsOperation = defineOperation({
  operationId: "listPlatformInternalAccounts",
  method: "GET",
  path: "/platform/internal-accounts",
  summary: "List platform internal accounts",
  tag: "Internal Accounts",
  auth: "platform",
  permission: "VIEW",
  query: z.object({ currency: z.string().optional(), type: z.enum(["INTERNAL_FIAT", "INTERNAL_CRYPTO"]).optional() }),
  responses: {
    200: {
      description: "The platform's internal accounts",
      schema: z.object({ data: z.array(InternalAccountResponse) }),
    },
    ...ErrorResponses,
  },
  handle: async ({ ctx, query }) => ({
    status: 200,
    body: { data: (await listPlatformInternalAccounts(db(), ctx.platformId, query)).map(serializeInternalAccount) },
  }),
});

// POST /internal-accounts/{id}/export – sealed wallet credentials (signed retry)
export const exportInternalAccount = defineOperation({
  operationId: "exportInternalAccount",
  method: "POST",
  path: "/internal-accounts/{id}/export",
  summary: "Export an embedded wallet's credentials",
  tag: "Internal Accounts",
  auth: "platform",
  permission: "MANAGE",
  params: IdParams,
  body: WalletExportBody,
  headers: SIGNED_RETRY_HEADERS,
  responses: {
    200: {
      description: "The wallet's BIP-39 mnemonic sealed to clientPublicKey (HPKE) in a signed export envelope",
      schema: z.object({ id: z.string(), encryptedWalletCredentials: z.string() }),
    },
    ...challenge202,
    ...ErrorResponses,
  },
  handle: async ({ ctx, params, body, request, rawBody }) =>
    walletAnswer(
      await exportWallet({
        ctx,
        id: params.id,
        clientPublicKey: body.clientPublicKey,
        call: signedCall(request, rawBody),
      }),
    ),
});

// PATCH /internal-accounts/{id} – wallet privacy (signed retry)
export const updateInternalAccount = defineOperation({
  operationId: "updateInternalAccount",
  method: "PATCH",
  path: "/internal-accounts/{id}",
  summary: "Update an embedded wallet's privacy setting",
  tag: "Internal Accounts",
  auth: "platform",
  permission: "MANAGE",
  params: IdParams,
  body: WalletUpdateBody,
  headers: SIGNED_RETRY_HEADERS,
  responses: {
    200: { description: "The internal account", schema: InternalAccountResponse },
    ...challenge202,
    ...ErrorResponses,
  },
  handle: async ({ ctx, params, body, request, rawBody }) =>
    walletAnswer(
      await updateWallet({
        ctx,
        id: params.id,
        privateEnabled: body.privateEnabled,
        call: signedCall(request, rawBody),
      }),
    ),
});

export const internalAccountsOperations = [
  listCustomerInternalAccounts,
  listPlatformInternalAccountsOperation,
  exportInternalAccount,
  updateInternalAccount,
];
