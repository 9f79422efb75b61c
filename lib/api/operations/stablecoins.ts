// Stablecoins: the operations of the reference's "Stablecoins" group, as the API
// declares them (method, path, auth, schemas); the work is done in lib/domain.
import { z } from "zod";
import { defineOperation } from "../operation";
import { ErrorResponses, errorResponsesExcept } from "../responses";
import { db } from "../../db/client";
import { createMint, createBurn, listOperations, retrieveOperation } from "../../domain/stablecoins/mint-burn";
import {
  linkProviderAccount,
  listProviderAccounts,
  retrieveProviderAccount,
} from "../../domain/stablecoins/provider-accounts";
import {
  ProviderAccountLinkRequest,
  ProviderAccountResponse,
  ProviderAccountListQuery,
  StablecoinRegisterRequest,
  StablecoinResponse,
  StablecoinListQuery,
  EnablementRequest,
  StablecoinMintRequest,
  StablecoinOperationResponse,
  StablecoinBurnRequest,
  OperationListQuery,
} from "../../domain/stablecoins/schemas";
import {
  registerStablecoin,
  listStablecoins,
  retrieveStablecoin,
  requestEnablement,
} from "../../domain/stablecoins/stablecoins";
import { pageSchema } from "../../kernel/pagination";

const tag = "Stablecoins";

const StablecoinParams = z.object({ stablecoinId: z.string() });

// POST /stablecoin-provider-accounts – link provider API credentials
export const linkStablecoinProviderAccount = defineOperation({
  operationId: "linkStablecoinProviderAccount",
  method: "POST",
  path: "/stablecoin-provider-accounts",
  summary: "Link a stablecoin provider account",
  tag,
  auth: "platform",
  permission: "MANAGE",
  idempotency: "required",
  body: ProviderAccountLinkRequest,
  responses: {
    201: { description: "Linked provider account", schema: ProviderAccountResponse },
    ...errorResponsesExcept(404),
  },
  handle: async ({ ctx, body }) => ({ status: 201, body: await linkProviderAccount(db(), ctx.platformId, body) }),
});

// GET /stablecoin-provider-accounts – list provider account links
export const listStablecoinProviderAccounts = defineOperation({
  operationId: "listStablecoinProviderAccounts",
  method: "GET",
  path: "/stablecoin-provider-accounts",
  summary: "List stablecoin provider account links",
  tag,
  auth: "platform",
  permission: "VIEW",
  query: ProviderAccountListQuery,
  responses: {
    200: { description: "A page of links", schema: pageSchema(ProviderAccountResponse) },
    ...ErrorResponses,
  },
  handle: async ({ ctx, query }) => ({ status: 200, body: await listProviderAccounts(db(), ctx.platformId, query) }),
});

// GET /stablecoin-provider-accounts/{stablecoinProviderAccountId} – one link
export const getStablecoinProviderAccount = defineOperation({
  operationId: "getStablecoinProviderAccount",
  method: "GET",
  path: "/stablecoin-provider-accounts/{stablecoinProviderAccountId}",
  summary: "Get a stablecoin provider account link",
  tag,
  auth: "platform",
  permission: "VIEW",
  params: z.object({ stablecoinProviderAccountId: z.string() }),
  responses: { 200: { description: "The link", schema: ProviderAccountResponse }, ...ErrorResponses },
  handle: async ({ ctx, params }) => ({
    status: 200,
    body: await retrieveProviderAccount(db(), ctx.platformId, params.stablecoinProviderAccountId),
  }),
});

// POST /stablecoins – register an existing provider-created stablecoin
export const registerStablecoinOperation = defineOperation({
  operationId: "registerStablecoin",
  method: "POST",
  path: "/stablecoins",
  summary: "Register an existing provider-created stablecoin",
  tag,
  auth: "platform",
  permission: "MANAGE",
  idempotency: "required",
  body: StablecoinRegisterRequest,
  responses: { 201: { description: "Registered stablecoin", schema: StablecoinResponse }, ...ErrorResponses },
  handle: async ({ ctx, body }) => ({ status: 201, body: await registerStablecoin(db(), ctx.platformId, body) }),
});

// GET /stablecoins – list registered stablecoins
export const listStablecoinsOperation = defineOperation({
  operationId: "listStablecoins",
  method: "GET",
  path: "/stablecoins",
  summary: "List stablecoins",
  tag,
  auth: "platform",
  permission: "VIEW",
  query: StablecoinListQuery,
  responses: {
    200: { description: "A page of stablecoins", schema: pageSchema(StablecoinResponse) },
    ...ErrorResponses,
  },
  handle: async ({ ctx, query }) => ({ status: 200, body: await listStablecoins(db(), ctx.platformId, query) }),
});

// GET /stablecoins/{stablecoinId} – one stablecoin
export const getStablecoinOperation = defineOperation({
  operationId: "getStablecoin",
  method: "GET",
  path: "/stablecoins/{stablecoinId}",
  summary: "Get a stablecoin",
  tag,
  auth: "platform",
  permission: "VIEW",
  params: StablecoinParams,
  responses: { 200: { description: "The stablecoin", schema: StablecoinResponse }, ...ErrorResponses },
  handle: async ({ ctx, params }) => ({
    status: 200,
    body: await retrieveStablecoin(db(), ctx.platformId, params.stablecoinId),
  }),
});

// POST /stablecoins/{stablecoinId}/enablement-requests – ask the operator to enable the stablecoin for Meridian
// operations
export const requestStablecoinEnablement = defineOperation({
  operationId: "requestStablecoinEnablement",
  method: "POST",
  path: "/stablecoins/{stablecoinId}/enablement-requests",
  summary: "Request enablement of a stablecoin for Meridian operations (NOT_ENABLED → PENDING_APPROVAL)",
  tag,
  auth: "platform",
  permission: "MANAGE",
  idempotency: "optional",
  params: StablecoinParams,
  body: EnablementRequest,
  responses: {
    200: { description: "The stablecoin, now PENDING_APPROVAL", schema: StablecoinResponse },
    ...ErrorResponses,
  },
  handle: async ({ ctx, params }) => ({
    status: 200,
    body: await requestEnablement(db(), ctx.platformId, params.stablecoinId),
  }),
});

// POST /stablecoins/{stablecoinId}/mints – create a mint operation
export const createStablecoinMint = defineOperation({
  operationId: "createStablecoinMint",
  method: "POST",
  path: "/stablecoins/{stablecoinId}/mints",
  summary: "Create a stablecoin mint operation",
  tag,
  auth: "platform",
  permission: "TRANSACT",
  idempotency: "required",
  params: StablecoinParams,
  body: StablecoinMintRequest,
  responses: { 201: { description: "Mint operation created", schema: StablecoinOperationResponse }, ...ErrorResponses },
  handle: async ({ ctx, params, body }) => ({
    status: 201,
    body: await createMint(db(), ctx.platformId, params.stablecoinId, body),
  }),
});

// POST /stablecoins/{stablecoinId}/burns – create a burn operation
export const createStablecoinBurn = defineOperation({
  operationId: "createStablecoinBurn",
  method: "POST",
  path: "/stablecoins/{stablecoinId}/burns",
  summary: "Create a stablecoin burn operation",
  tag,
  auth: "platform",
  permission: "TRANSACT",
  idempotency: "required",
  params: StablecoinParams,
  body: StablecoinBurnRequest,
  responses: { 201: { description: "Burn operation created", schema: StablecoinOperationResponse }, ...ErrorResponses },
  handle: async ({ ctx, params, body }) => ({
    status: 201,
    body: await createBurn(db(), ctx.platformId, params.stablecoinId, body),
  }),
});

// GET /stablecoins/{stablecoinId}/operations – list a stablecoin's mints and burns
export const listStablecoinOperations = defineOperation({
  operationId: "listStablecoinOperations",
  method: "GET",
  path: "/stablecoins/{stablecoinId}/operations",
  summary: "List stablecoin issuer operations",
  tag,
  auth: "platform",
  permission: "VIEW",
  params: StablecoinParams,
  query: OperationListQuery,
  responses: {
    200: { description: "A page of operations", schema: pageSchema(StablecoinOperationResponse) },
    // the reference documents no 400: an unusable query matches nothing (lib/api/statuses.ts)
    ...errorResponsesExcept(400),
  },
  handle: async ({ ctx, params, query }) => ({
    status: 200,
    body: await listOperations(db(), ctx.platformId, params.stablecoinId, query),
  }),
});

// GET /stablecoin-operations/{stablecoinOperationId} – one operation
export const getStablecoinOperationById = defineOperation({
  operationId: "getStablecoinOperation",
  method: "GET",
  path: "/stablecoin-operations/{stablecoinOperationId}",
  summary: "Get a stablecoin issuer operation",
  tag,
  auth: "platform",
  permission: "VIEW",
  params: z.object({ stablecoinOperationId: z.string() }),
  responses: { 200: { description: "The operation", schema: StablecoinOperationResponse }, ...ErrorResponses },
  handle: async ({ ctx, params }) => ({
    status: 200,
    body: await retrieveOperation(db(), ctx.platformId, params.stablecoinOperationId),
  }),
});

export const stablecoinsOperations = [
  linkStablecoinProviderAccount,
  listStablecoinProviderAccounts,
  getStablecoinProviderAccount,
  registerStablecoinOperation,
  listStablecoinsOperation,
  getStablecoinOperation,
  requestStablecoinEnablement,
  createStablecoinMint,
  createStablecoinBurn,
  listStablecoinOperations,
  getStablecoinOperationById,
];
