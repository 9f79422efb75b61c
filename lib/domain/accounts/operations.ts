// Internal Accounts operations (listing) and the sandbox funding operation.
import { z } from "zod";
import { db } from "../../db/client";
import { defineOperation } from "../../api/operation";
import { ErrorResponses } from "../../api/responses";
import { PaginationQuery, pageArgs, pageSchema, toPage } from "../../kernel/pagination";
import { ApiError } from "../../kernel/errors";
import { parseApiId } from "../../ids";
import { PositiveMinorUnits } from "../common/schemas";
import { serializeInternalAccount } from "./internal-accounts";
import { fundInternalAccount } from "./fund";
import { listPlatformInternalAccounts } from "./platform-accounts";

const InternalAccountResponse = z.object({ id: z.string(), type: z.string(), status: z.string() }).loose();

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
  responses: { 200: { description: "A page of internal accounts", schema: pageSchema(InternalAccountResponse) }, ...ErrorResponses },
  handle: async ({ ctx, query }) => {
    const customerUuid = query.customerId ? parseApiId("Customer", query.customerId) : undefined;
    if (query.customerId && !customerUuid) throw new ApiError("INVALID_INPUT", "customerId is not a Customer id", { errors: [{ field: "customerId", constraint: "FORMAT", message: "Expected Customer:<uuid>" }] });
    const where = {
      platformId: ctx.platformId,
      customerId: customerUuid ?? { not: null },
      ...(query.currency ? { currency: query.currency } : {}),
      ...(query.type ? { type: query.type } : {}),
    };
    const args = pageArgs(query);
    const [rows, total] = await Promise.all([
      db().internalAccount.findMany({ where: { ...where, ...args.cursorWhere }, orderBy: args.orderBy, take: args.take }),
      db().internalAccount.count({ where }),
    ]);
    return { status: 200, body: toPage(rows, query, total, serializeInternalAccount) };
  },
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
  responses: { 200: { description: "The platform's internal accounts", schema: z.object({ data: z.array(InternalAccountResponse) }) }, ...ErrorResponses },
  handle: async ({ ctx, query }) => ({
    status: 200,
    body: { data: (await listPlatformInternalAccounts(db(), ctx.platformId, query)).map(serializeInternalAccount) },
  }),
});

// POST /sandbox/internal-accounts/{accountId}/fund – add sandbox funds now
export const sandboxFundInternalAccount = defineOperation({
  operationId: "sandboxFundInternalAccount",
  method: "POST",
  path: "/sandbox/internal-accounts/{accountId}/fund",
  summary: "Simulate funding an internal account",
  tag: "Sandbox",
  auth: "platform",
  permission: "TRANSACT",
  params: z.object({ accountId: z.string() }),
  body: z.object({ amount: PositiveMinorUnits.max(100_000_000_000) }),
  idempotency: "optional",
  responses: { 200: { description: "The funded internal account", schema: InternalAccountResponse }, ...ErrorResponses },
  handle: async ({ ctx, params, body }) => ({ status: 200, body: await fundInternalAccount(db(), ctx.platformId, params.accountId, BigInt(body.amount)) }),
});

export const accountOperations = [listCustomerInternalAccounts, listPlatformInternalAccountsOperation, sandboxFundInternalAccount];
