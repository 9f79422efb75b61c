// Legacy: operations the current reference no longer lists but released
// clients of this API version still call (the official TypeScript SDK 0.7.0,
// generated from an earlier revision of 2025-10-13). Each is served as that
// client expects and marked deprecated (Deprecation header, a Link to its
// successor where there is one). See docs/official-clients.md.
import { z } from "zod";
import { defineOperation } from "../operation";
import { ErrorResponses, errorResponsesExcept, refusal400 } from "../responses";
import { db } from "../../db/client";
import { ApiId } from "../../domain/common/schemas";
import { ExternalAccountResponse } from "../../domain/external-accounts/schemas";
import { createPlaidLinkToken, submitPlaidPublicToken } from "../../domain/external-accounts/plaid-link";
import { customerByPlatformCustomerId } from "../../domain/customers/retrieve-customer";
import { LISTED_QUOTE_STATUSES, listQuotes } from "../../domain/quotes/list";
import { QuoteResponse } from "../../domain/quotes/schemas";
import { createKycLink } from "../../domain/verifications/kyc-link";
import { sendTestWebhook } from "../../domain/webhooks/test-webhook";
import { toApiId } from "../../ids";
import { PaginationQuery, pageSchema } from "../../kernel/pagination";
import { API_BASE } from "../operation";

const TAG = "Legacy";
const successor = (path: string) => ({ link: `<${API_BASE}${path}>; rel="successor-version"` });

// GET /quotes – list quotes (the SDK's quotes.list; the reference now has GET /quotes/{quoteId} only)
export const listQuotesLegacyOperation = defineOperation({
  operationId: "listQuotes",
  method: "GET",
  path: "/quotes",
  summary: "List quotes (legacy: released clients only)",
  tag: TAG,
  auth: "platform",
  permission: "VIEW",
  deprecated: true,
  query: PaginationQuery.extend({
    createdAfter: z.iso.datetime({ offset: true }).optional(),
    createdBefore: z.iso.datetime({ offset: true }).optional(),
    customerId: z.string().optional(),
    sendingAccountId: z.string().optional(),
    receivingAccountId: z.string().optional(),
    sendingUmaAddress: z.string().max(255).optional(),
    receivingUmaAddress: z.string().max(255).optional(),
    status: z.enum(LISTED_QUOTE_STATUSES).optional(),
  }),
  responses: {
    200: { description: "A page of quotes, newest first", schema: pageSchema(QuoteResponse) },
    ...ErrorResponses,
  },
  handle: async ({ ctx, query }) => ({
    status: 200,
    body: await listQuotes(db(), ctx.platformId, query),
    headers: successor("/quotes/{quoteId}"),
  }),
});

// POST /webhooks/test – the earlier path of POST /sandbox/webhooks/test
export const sendTestWebhookLegacyOperation = defineOperation({
  operationId: "sendTestWebhookLegacy",
  method: "POST",
  path: "/webhooks/test",
  summary: "Send a test webhook (legacy path of /sandbox/webhooks/test)",
  tag: TAG,
  auth: "platform",
  permission: "MANAGE",
  deprecated: true,
  responses: {
    200: {
      description: "The receiver answered with a 2xx status",
      schema: z.object({
        url: z.string(),
        response_status: z.number().int(),
        response_body: z.string().nullable().optional(),
      }),
    },
    ...ErrorResponses,
    ...refusal400(
      "No webhook endpoint is set (WEBHOOK_ENDPOINT_NOT_SET) or the receiver failed (WEBHOOK_DELIVERY_ERROR)",
    ),
  },
  handle: async ({ ctx }) => ({
    status: 200,
    body: await sendTestWebhook(db(), ctx.platformId),
    headers: successor("/sandbox/webhooks/test"),
  }),
});

// GET /customers/kyc-link – the earlier form of POST /customers/{customerId}/kyc-link, by platformCustomerId
export const getKycLinkLegacyOperation = defineOperation({
  operationId: "getCustomerKycLinkLegacy",
  method: "GET",
  path: "/customers/kyc-link",
  summary: "Generate a hosted KYC link by platformCustomerId (legacy)",
  tag: TAG,
  auth: "platform",
  permission: "MANAGE",
  deprecated: true,
  query: z.object({
    platformCustomerId: z.string().min(1).max(255),
    redirectUri: z.url().max(2048).optional(),
  }),
  responses: {
    200: {
      description: "The hosted KYC link of the customer",
      schema: z.object({ customerId: z.string(), kycUrl: z.string(), platformCustomerId: z.string() }),
    },
    ...errorResponsesExcept(400),
  },
  handle: async ({ ctx, query }) => {
    const customer = await customerByPlatformCustomerId(db(), ctx.platformId, query.platformCustomerId);
    const customerId = toApiId("Customer", customer.id);
    const link = await createKycLink(ctx.platformId, customerId, { redirectUri: query.redirectUri });
    return {
      status: 200,
      body: { customerId, kycUrl: link.kycUrl, platformCustomerId: customer.platformCustomerId },
      headers: successor("/customers/{customerId}/kyc-link"),
    };
  },
});

// POST /plaid/link-tokens – a link token for the customer's Plaid Link session (sandbox)
export const createPlaidLinkTokenOperation = defineOperation({
  operationId: "createPlaidLinkToken",
  method: "POST",
  path: "/plaid/link-tokens",
  summary: "Create a Plaid Link token (legacy)",
  tag: TAG,
  auth: "platform",
  permission: "MANAGE",
  deprecated: true,
  body: z.object({ customerId: ApiId("Customer") }),
  responses: {
    200: {
      description: "The link token, its expiry and the callback URL to post the public token to",
      schema: z.object({
        linkToken: z.string(),
        expiration: z.string(),
        callbackUrl: z.string(),
        requestId: z.string().optional(),
      }),
    },
    ...ErrorResponses,
  },
  handle: async ({ ctx, body, request }) => {
    const url = new URL(request.url);
    return {
      status: 200,
      body: await createPlaidLinkToken(db(), ctx.platformId, body.customerId, `${url.origin}${API_BASE}`),
    };
  },
});

// POST /plaid/callback/{plaidLinkToken} – exchange the public token: the bank account becomes an external account
export const submitPlaidPublicTokenOperation = defineOperation({
  operationId: "submitPlaidPublicToken",
  method: "POST",
  path: "/plaid/callback/{plaidLinkToken}",
  summary: "Submit a Plaid public token (legacy)",
  tag: TAG,
  auth: "platform",
  permission: "MANAGE",
  deprecated: true,
  params: z.object({ plaidLinkToken: z.string().min(1).max(1000) }),
  body: z.object({ publicToken: z.string().min(1).max(255), accountId: z.string().max(255).optional() }),
  responses: {
    200: { description: "The linked bank account as an external account", schema: ExternalAccountResponse },
    ...ErrorResponses,
  },
  handle: async ({ ctx, params, body }) => ({
    status: 200,
    body: await submitPlaidPublicToken(db(), ctx.platformId, params.plaidLinkToken, body),
  }),
});

export const legacyOperations = [
  listQuotesLegacyOperation,
  sendTestWebhookLegacyOperation,
  getKycLinkLegacyOperation,
  createPlaidLinkTokenOperation,
  submitPlaidPublicTokenOperation,
];
