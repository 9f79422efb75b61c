// API Tokens: the operations of the reference's "API Tokens" group, as the API
// declares them (method, path, auth, schemas); the work is done in lib/domain.
import { z } from "zod";
import { evictToken } from "../auth";
import type { Principal } from "../../domain/platform/principal";
import { defineOperation } from "../operation";
import { ErrorResponses, errorResponsesExcept, refusal400 } from "../responses";
import { revocationSettled } from "../token-revocations";
import { db } from "../../db/client";
import { TokenCreate, ApiTokenResponse } from "../../domain/platform/schemas";
import { type TokenCaller, createToken, listTokens, retrieveToken, deleteToken } from "../../domain/platform/tokens";
import { ApiError } from "../errors";
import { PaginationQuery, pageSchema } from "../../kernel/pagination";

const TokenParams = z.object({ tokenId: z.string() });

function tokenCaller(principal: Principal | null): TokenCaller {
  if (principal?.kind !== "platform")
    throw new ApiError("UNAUTHORIZED", "API tokens are managed with platform credentials");
  return { tokenId: principal.tokenId, permissions: principal.permissions };
}

// POST /tokens – create an API token (secret returned once)
export const createApiToken = defineOperation({
  operationId: "createToken",
  method: "POST",
  path: "/tokens",
  summary: "Create an API token",
  tag: "API Tokens",
  auth: "platform",
  permission: "MANAGE",
  body: TokenCreate,
  responses: {
    201: { description: "Created token with its clientSecret", schema: ApiTokenResponse },
    ...errorResponsesExcept(404, 409),
  },
  handle: async ({ ctx, body }) => ({
    status: 201,
    body: await createToken(db(), ctx.platformId, body, tokenCaller(ctx.principal)),
  }),
});

// GET /tokens – list API tokens
export const listApiTokens = defineOperation({
  operationId: "listTokens",
  method: "GET",
  path: "/tokens",
  summary: "List API tokens",
  tag: "API Tokens",
  auth: "platform",
  permission: "VIEW",
  query: PaginationQuery.extend({
    name: z.string().max(255).optional(),
    createdAfter: z.iso.datetime({ offset: true }).optional(),
    createdBefore: z.iso.datetime({ offset: true }).optional(),
    updatedAfter: z.iso.datetime({ offset: true }).optional(),
    updatedBefore: z.iso.datetime({ offset: true }).optional(),
  }),
  responses: { 200: { description: "A page of tokens", schema: pageSchema(ApiTokenResponse) }, ...ErrorResponses },
  handle: async ({ ctx, query }) => ({ status: 200, body: await listTokens(db(), ctx.platformId, query) }),
});

// GET /tokens/{tokenId} – one API token
export const getApiToken = defineOperation({
  operationId: "getTokenById",
  method: "GET",
  path: "/tokens/{tokenId}",
  summary: "Get an API token",
  tag: "API Tokens",
  auth: "platform",
  permission: "VIEW",
  params: TokenParams,
  responses: { 200: { description: "The token", schema: ApiTokenResponse }, ...ErrorResponses },
  handle: async ({ ctx, params }) => ({ status: 200, body: await retrieveToken(db(), ctx.platformId, params.tokenId) }),
});

// DELETE /tokens/{tokenId} – revoke an API token
export const deleteApiToken = defineOperation({
  operationId: "deleteTokenById",
  method: "DELETE",
  path: "/tokens/{tokenId}",
  summary: "Delete an API token",
  tag: "API Tokens",
  auth: "platform",
  permission: "MANAGE",
  params: TokenParams,
  responses: {
    204: { description: "Deleted" },
    ...errorResponsesExcept(409),
    ...refusal400("A token cannot delete itself"),
  },
  handle: async ({ ctx, params }) => {
    const deleted = await deleteToken(db(), ctx.platformId, params.tokenId, tokenCaller(ctx.principal));
    evictToken(deleted);
    // Answer once every instance has seen the revocation, so no check after this answer can succeed.
    await revocationSettled();
    return { status: 204 };
  },
});

export const apiTokensOperations = [createApiToken, listApiTokens, getApiToken, deleteApiToken];
