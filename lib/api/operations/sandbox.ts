// Sandbox: the operations of the reference's "Sandbox" group, as the API
// declares them (method, path, auth, schemas); the work is done in lib/domain.
import { z } from "zod";
import { defineOperation } from "../operation";
import { ErrorResponses, errorResponsesExcept, refusal400 } from "../responses";
import { InternalAccountResponse } from "../../domain/accounts/schemas";
import { IncomingTransactionResponse, TransactionResponse } from "../../domain/transactions/schemas";
import { db, pool } from "../../db/client";
import { fundInternalAccount } from "../../domain/sandbox/fund";
import { ageRevealTokens } from "../../domain/cards/reveal";
import {
  SandboxCardParams,
  SandboxAuthorization,
  CardTransactionResponse,
  SandboxClearing,
  SandboxReturn,
  SandboxBalanceInquiry,
  SandboxAuthorizationAdvice,
  SandboxCardTransactionRef,
  SandboxSimulationAccepted,
} from "../../domain/cards/schemas";
import {
  simulateAuthorizationAdvice,
  simulateBalanceInquiry,
  simulateCreditAuthorization,
  simulateFinancialAuthorization,
  simulateFinancialCreditAuthorization,
  simulateReturnReversal,
} from "../../domain/cards/simulations";
import { clearCardTransaction, refundCardTransaction, simulateAuthorization } from "../../domain/cards/transactions";
import { PositiveMinorUnits, KnownCurrency } from "../../domain/common/schemas";
import { ageLivenessChallenges } from "../../domain/external-accounts/liveness-token";
import { sandboxSend } from "../../domain/quotes/sandbox-send";
import { serializeTransaction } from "../../domain/transactions/serialize";
import { receiveUmaPayment } from "../../domain/transfers/transfers";
import { sendTestWebhook } from "../../domain/webhooks/test-webhook";
import { wakeJobs } from "../../jobs/wake";
import { Scenario, scenarioJsonSchema } from "../../domain/sandbox/scenario-schema";
import { applyScenario, resetSandbox } from "../../domain/sandbox/apply-scenario";
import { SANDBOX_RULES, sandboxRulesMarkdown } from "../../sandbox/rules";
import {
  RequestLogDetail,
  RequestLogPage,
  RequestLogQuery,
  getRequestLog,
  listRequestLog,
} from "../../domain/sandbox/request-log";
import { FaultInput, FaultView, listFaults, replaceFaults } from "../../sandbox/faults";
import { flushRequestLog } from "../request-log";

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
  responses: {
    200: { description: "The funded internal account", schema: InternalAccountResponse },
    ...ErrorResponses,
  },
  handle: async ({ ctx, params, body }) => ({
    status: 200,
    body: await fundInternalAccount(db(), ctx.platformId, params.accountId, BigInt(body.amount)),
  }),
});

// POST /sandbox/cards/{cardId}/simulate/authorization – an inbound authorization
export const simulateAuthorizationOp = defineOperation({
  operationId: "sandboxSimulateCardAuthorization",
  method: "POST",
  idempotency: "optional",
  path: "/sandbox/cards/{cardId}/simulate/authorization",
  summary: "Simulate a card authorization",
  tag: "Sandbox",
  auth: "platform",
  permission: "TRANSACT",
  params: SandboxCardParams,
  body: SandboxAuthorization,
  responses: {
    200: { description: "Approved: the AUTHORIZED (or EXCEPTION) card transaction", schema: CardTransactionResponse },
    202: {
      description:
        "Declined (descriptor suffix 002/003, card not ACTIVE, not covered, above the limit): nothing recorded",
      schema: SandboxSimulationAccepted,
    },
    ...ErrorResponses,
  },
  handle: async ({ ctx, params, body }) => {
    const outcome = await simulateAuthorization(ctx.platformId, params.cardId, body);
    if (!outcome.approved) ctx.log.info({ declineReason: outcome.declineReason }, "simulated authorization declined");
    return outcome.approved
      ? { status: 200, body: outcome.transaction }
      : { status: 202, body: { issuerTransactionToken: outcome.issuerTransactionToken } };
  },
});

// POST /sandbox/cards/{cardId}/simulate/clearing – clear an authorization
export const simulateClearingOp = defineOperation({
  operationId: "sandboxSimulateCardClearing",
  method: "POST",
  idempotency: "optional",
  path: "/sandbox/cards/{cardId}/simulate/clearing",
  summary: "Simulate a card clearing",
  tag: "Sandbox",
  auth: "platform",
  permission: "TRANSACT",
  params: SandboxCardParams,
  body: SandboxClearing,
  responses: {
    200: { description: "The SETTLED card transaction", schema: CardTransactionResponse },
    ...ErrorResponses,
  },
  handle: async ({ ctx, params, body }) => ({
    status: 200,
    body: await clearCardTransaction(db(), ctx.platformId, params.cardId, body),
  }),
});

// POST /sandbox/cards/{cardId}/simulate/return – a merchant refund
export const simulateReturnOp = defineOperation({
  operationId: "sandboxSimulateCardReturn",
  method: "POST",
  idempotency: "optional",
  path: "/sandbox/cards/{cardId}/simulate/return",
  summary: "Simulate a merchant refund",
  tag: "Sandbox",
  auth: "platform",
  permission: "TRANSACT",
  params: SandboxCardParams,
  body: SandboxReturn,
  responses: {
    200: {
      description: "The refund: a CREDIT card transaction linked by originalTransactionId",
      schema: CardTransactionResponse,
    },
    ...ErrorResponses,
  },
  handle: async ({ ctx, params, body }) => ({
    status: 200,
    body: await refundCardTransaction(db(), ctx.platformId, params.cardId, body),
  }),
});

/**
 * The reference's other card-network events: accepted with 202 and the event's token; the outcome arrives as a
 * CARD_TRANSACTION webhook.
 */
function cardEvent<B>(
  event: string,
  operationId: string,
  summary: string,
  body: z.ZodType<B>,
  run: (platformId: string, cardId: string, body: B) => Promise<{ issuerTransactionToken: string }>,
) {
  return defineOperation({
    operationId,
    method: "POST",
    idempotency: "optional",
    path: `/sandbox/cards/{cardId}/simulate/${event}`,
    summary,
    tag: "Sandbox",
    auth: "platform",
    permission: "TRANSACT",
    params: SandboxCardParams,
    body,
    responses: {
      202: {
        description:
          "Simulation accepted; the card transaction it creates or changes is sent as a CARD_TRANSACTION webhook",
        schema: SandboxSimulationAccepted,
      },
      ...ErrorResponses,
    },
    handle: async ({ ctx, params, body }) => ({ status: 202, body: await run(ctx.platformId, params.cardId, body) }),
  });
}

export const cardEventOperations = [
  cardEvent(
    "balance_inquiry",
    "sandboxSimulateCardBalanceInquiry",
    "Simulate a card balance inquiry (a 0-amount authorization)",
    SandboxBalanceInquiry,
    (p, c, b) => simulateBalanceInquiry(db(), p, c, b),
  ),
  cardEvent(
    "credit_authorization",
    "sandboxSimulateCardCreditAuthorization",
    "Simulate a card credit authorization (cleared by simulate/clearing)",
    SandboxAuthorization,
    (p, c, b) => simulateCreditAuthorization(db(), p, c, b),
  ),
  cardEvent(
    "financial_authorization",
    "sandboxSimulateCardFinancialAuthorization",
    "Simulate a single-message financial authorization (authorized and settled at once)",
    SandboxAuthorization,
    (p, c, b) => simulateFinancialAuthorization(db(), p, c, b),
  ),
  cardEvent(
    "financial_credit_authorization",
    "sandboxSimulateCardFinancialCreditAuthorization",
    "Simulate a single-message financial credit (credited and settled at once)",
    SandboxAuthorization,
    (p, c, b) => simulateFinancialCreditAuthorization(db(), p, c, b),
  ),
  cardEvent(
    "authorization_advice",
    "sandboxSimulateCardAuthorizationAdvice",
    "Simulate an authorization advice re-sizing an open authorization to a new total",
    SandboxAuthorizationAdvice,
    (p, c, b) => simulateAuthorizationAdvice(db(), p, c, b),
  ),
  cardEvent(
    "credit_authorization_advice",
    "sandboxSimulateCardCreditAuthorizationAdvice",
    "Simulate a network credit authorization advice (cleared by simulate/clearing)",
    SandboxAuthorization,
    (p, c, b) => simulateCreditAuthorization(db(), p, c, b),
  ),
  cardEvent(
    "return_reversal",
    "sandboxSimulateCardReturnReversal",
    "Simulate the reversal of a return on a REFUNDED card transaction",
    SandboxCardTransactionRef,
    (p, c, b) => simulateReturnReversal(db(), p, c, b.cardTransactionId),
  ),
];

/** The card-event operation of `simulate/<event>` (route files name it by its path segment). */
export function cardEventOperation(event: string) {
  const op = cardEventOperations.find((o) => o.path.endsWith(`/simulate/${event}`));
  if (!op) throw new Error(`No card simulation ${event}`);
  return op;
}

// POST /sandbox/send – simulate the real-time funding payment of a quote
export const sandboxSendOperation = defineOperation({
  operationId: "sandboxSend",
  method: "POST",
  idempotency: "optional",
  path: "/sandbox/send",
  summary: "Simulate sending the funds of a real-time funded quote",
  tag: "Sandbox",
  auth: "platform",
  permission: "TRANSACT",
  body: z.object({ quoteId: z.string(), currencyCode: KnownCurrency, currencyAmount: PositiveMinorUnits.optional() }),
  responses: { 200: { description: "The transaction", schema: TransactionResponse }, ...ErrorResponses },
  handle: async ({ ctx, body }) => ({
    status: 200,
    body: serializeTransaction(
      await sandboxSend(db(), ctx.platformId, body.quoteId, body.currencyCode, body.currencyAmount),
    ),
  }),
});

// POST /sandbox/uma/receive – simulate an incoming UMA payment to a customer
export const sandboxUmaReceiveOperation = defineOperation({
  operationId: "sandboxReceive",
  method: "POST",
  idempotency: "optional",
  path: "/sandbox/uma/receive",
  summary: "Simulate an incoming UMA payment",
  tag: "Sandbox",
  auth: "platform",
  permission: "TRANSACT",
  body: z
    .object({
      senderUmaAddress: z.string().min(1).max(255),
      receiverUmaAddress: z.string().min(1).max(255).optional(),
      customerId: z.string().optional(),
      receivingCurrencyCode: KnownCurrency,
      receivingCurrencyAmount: PositiveMinorUnits,
    })
    .refine((b) => b.receiverUmaAddress !== undefined || b.customerId !== undefined, {
      message: "Give receiverUmaAddress or customerId",
      path: ["receiverUmaAddress"],
    }),
  responses: {
    200: { description: "The incoming transaction", schema: IncomingTransactionResponse },
    ...ErrorResponses,
  },
  handle: async ({ ctx, body }) => ({ status: 200, body: await receiveUmaPayment(db(), ctx.platformId, body) }),
});

// POST /sandbox/clock/advance – run this platform's timed sandbox outcomes (and age its card reveal links and liveness
// challenges) as if time had passed
export const advanceSandboxClock = defineOperation({
  operationId: "advanceSandboxClock",
  method: "POST",
  path: "/sandbox/clock/advance",
  summary: "Advance sandbox time for this platform's scheduled outcomes",
  tag: "Sandbox",
  auth: "platform",
  permission: "MANAGE",
  body: z.object({
    seconds: z
      .number()
      .int()
      .min(1)
      .max(30 * 24 * 3600),
  }),
  responses: {
    200: {
      description: "Scheduled work moved earlier",
      schema: z.object({ advancedSeconds: z.number().int(), jobsMoved: z.number().int() }),
    },
    ...ErrorResponses,
  },
  handle: async ({ ctx, body }) => {
    const res = await pool().query(
      "UPDATE jobs SET run_at = run_at - make_interval(secs => $2), updated_at " +
        "= now() WHERE platform_id = $1 AND status = 'PENDING'",
      [ctx.platformId, body.seconds],
    );
    await ageRevealTokens(ctx.platformId, body.seconds);
    await ageLivenessChallenges(ctx.platformId, body.seconds);
    wakeJobs();
    return { status: 200, body: { advancedSeconds: body.seconds, jobsMoved: res.rowCount ?? 0 } };
  },
});

// POST /sandbox/webhooks/test – deliver a TEST webhook now and report the receiver's answer
export const sendTestWebhookOperation = defineOperation({
  operationId: "sendTestWebhook",
  method: "POST",
  path: "/sandbox/webhooks/test",
  summary: "Send a test webhook to the configured endpoint",
  tag: "Sandbox",
  auth: "platform",
  permission: "MANAGE",
  responses: {
    200: {
      description: "The receiver answered with a 2xx status",
      schema: z.object({
        url: z.string(),
        response_status: z.number().int(),
        response_body: z.string().nullable().optional().describe("Sandbox environment only"),
      }),
    },
    ...errorResponsesExcept(409),
    ...refusal400(
      "No webhook endpoint is set (WEBHOOK_ENDPOINT_NOT_SET) or the receiver failed (WEBHOOK_DELIVERY_ERROR)",
    ),
  },
  handle: async ({ ctx }) => ({ status: 200, body: await sendTestWebhook(db(), ctx.platformId) }),
});

const SeedResult = z.object({
  customers: z.array(
    z.object({
      id: z.string(),
      platformCustomerId: z.string(),
      internalAccounts: z.array(z.object({ id: z.string(), currency: z.string(), balance: z.number().int() })),
      externalAccounts: z.array(z.string()),
      cards: z.array(z.string()),
    }),
  ),
  platformExternalAccounts: z.array(z.string()),
});

// POST /sandbox/scenario – Meridian-specific: replace the platform's sandbox data with a scenario
export const applySandboxScenario = defineOperation({
  operationId: "applySandboxScenario",
  method: "POST",
  path: "/sandbox/scenario",
  summary: "Seed the sandbox from a scenario (Meridian-specific)",
  description:
    "Empties the calling platform's sandbox data and creates what the scenario describes: platform flags " +
    "(as PATCH /config), customers (as POST /customers) with their verification state, balances (sandbox " +
    "funding postings), external accounts and cards. Applying the same scenario again gives the same state; " +
    "POST /sandbox/reset puts it back. A failing step empties the platform and names its scenario path in " +
    "`details.scenarioPath`. Sandbox environment only. Guide: docs/testing-your-integration.md.",
  tag: "Sandbox",
  extension: true,
  auth: "platform",
  permission: "MANAGE",
  body: Scenario,
  responses: { 200: { description: "What was created, with ids", schema: SeedResult }, ...ErrorResponses },
  handle: async ({ ctx, body }) => ({ status: 200, body: await applyScenario(db(), ctx.platformId, body) }),
});

// GET /sandbox/scenario/schema – Meridian-specific: the scenario file's JSON Schema (for editors and validators)
export const getSandboxScenarioSchema = defineOperation({
  operationId: "getSandboxScenarioSchema",
  method: "GET",
  path: "/sandbox/scenario/schema",
  summary: "The JSON Schema of a sandbox scenario file (Meridian-specific)",
  description:
    "The request body of POST /sandbox/scenario as a JSON Schema (draft 2020-12), for an editor's completion " +
    "(`$schema` in a JSON scenario, `# yaml-language-server: $schema=<url>` in YAML) or any validator.",
  tag: "Sandbox",
  extension: true,
  auth: "none",
  responses: { 200: { description: "The JSON Schema", schema: z.record(z.string(), z.unknown()) } },
  handle: async () => ({ status: 200, body: scenarioJsonSchema() }),
});

// POST /sandbox/reset – Meridian-specific: back to the last scenario, or empty
export const resetSandboxOperation = defineOperation({
  operationId: "resetSandbox",
  method: "POST",
  path: "/sandbox/reset",
  summary: "Reset the sandbox to its scenario or to empty (Meridian-specific)",
  description:
    "Deletes every object of the calling platform (customers, accounts, ledger postings, transactions, " +
    "quotes, cards, webhook events, jobs, idempotency keys ...), keeping the platform, its configuration " +
    'and its credentials, then re-applies the last scenario given to POST /sandbox/scenario (`to: "scenario"`, ' +
    'the default) or leaves the platform empty (`to: "empty"`). Sandbox environment only (403 elsewhere).',
  tag: "Sandbox",
  extension: true,
  auth: "platform",
  permission: "MANAGE",
  body: z.object({ to: z.enum(["scenario", "empty"]).default("scenario") }),
  responses: {
    200: {
      description: "What the platform was reset to",
      schema: z.object({ to: z.enum(["scenario", "empty"]), seeded: SeedResult.nullable() }),
    },
    ...ErrorResponses,
  },
  handle: async ({ ctx, body }) => ({
    status: 200,
    body: await resetSandbox(db(), ctx.platformId, body.to),
  }),
});

const SandboxRule = z.object({
  id: z.string(),
  area: z.string(),
  field: z.string(),
  match: z.string(),
  outcome: z.string(),
});

// GET /sandbox/rules – Meridian-specific: the catalogue of magic values
export const listSandboxRules = defineOperation({
  operationId: "listSandboxRules",
  method: "GET",
  path: "/sandbox/rules",
  summary: "List the sandbox's magic-value rules (Meridian-specific)",
  description:
    "Every rule by which a magic value steers a sandbox outcome, read from the sandbox tables themselves. " +
    "A response whose outcome a rule steered names it in the `Meridian-Sandbox-Rule` header " +
    "(comma-separated ids).\n\n" +
    sandboxRulesMarkdown(),
  tag: "Sandbox",
  extension: true,
  auth: "platform",
  permission: "VIEW",
  responses: {
    200: { description: "The catalogue", schema: z.object({ data: z.array(SandboxRule) }) },
    ...ErrorResponses,
  },
  handle: async () => ({ status: 200, body: { data: SANDBOX_RULES } }),
});

// GET /sandbox/requests – the platform's request log (Meridian extension; docs/sandbox.md "Request log")
export const listSandboxRequests = defineOperation({
  operationId: "listSandboxRequests",
  method: "GET",
  path: "/sandbox/requests",
  summary: "List this platform's logged API requests, newest first",
  tag: "Sandbox",
  extension: true,
  auth: "platform",
  permission: "VIEW",
  query: RequestLogQuery,
  responses: { 200: { description: "A page of logged requests", schema: RequestLogPage }, ...ErrorResponses },
  handle: async ({ ctx, query }) => {
    await flushRequestLog(); // what this instance answered a moment ago is listed too
    return { status: 200, body: await listRequestLog(ctx.platformId, query) };
  },
});

// GET /sandbox/requests/{requestId} – one logged request with its redacted bodies and the webhook events it caused
export const getSandboxRequest = defineOperation({
  operationId: "getSandboxRequest",
  method: "GET",
  path: "/sandbox/requests/{requestId}",
  summary: "Get one logged API request",
  tag: "Sandbox",
  extension: true,
  auth: "platform",
  permission: "VIEW",
  params: z.object({ requestId: z.string().min(1).max(200) }),
  responses: { 200: { description: "The logged request", schema: RequestLogDetail }, ...ErrorResponses },
  handle: async ({ ctx, params }) => {
    await flushRequestLog();
    return { status: 200, body: await getRequestLog(ctx.platformId, params.requestId) };
  },
});

const FaultList = z.object({ faults: z.array(FaultView) });

// GET /sandbox/faults – the platform's injected faults (Meridian extension; docs/sandbox.md "Fault injection")
export const listSandboxFaults = defineOperation({
  operationId: "listSandboxFaults",
  method: "GET",
  path: "/sandbox/faults",
  summary: "List this platform's injected sandbox faults",
  tag: "Sandbox",
  extension: true,
  auth: "platform",
  permission: "VIEW",
  responses: {
    200: { description: "The configured faults", schema: FaultList },
    ...ErrorResponses,
    ...refusal400("Not the sandbox: faults exist only there"),
  },
  handle: async ({ ctx }) => ({ status: 200, body: { faults: await listFaults(ctx.platformId) } }),
});

// PUT /sandbox/faults – replace the platform's injected faults ({"faults": []} turns them off)
export const replaceSandboxFaults = defineOperation({
  operationId: "replaceSandboxFaults",
  method: "PUT",
  path: "/sandbox/faults",
  summary: "Set this platform's injected sandbox faults",
  tag: "Sandbox",
  extension: true,
  auth: "platform",
  permission: "MANAGE",
  body: z.object({ faults: z.array(FaultInput).max(50) }),
  responses: { 200: { description: "The faults now configured", schema: FaultList }, ...ErrorResponses },
  handle: async ({ ctx, body }) => ({
    status: 200,
    body: { faults: await replaceFaults(ctx.platformId, body.faults) },
  }),
});

export const sandboxOperations = [
  sandboxFundInternalAccount,
  simulateAuthorizationOp,
  simulateClearingOp,
  simulateReturnOp,
  ...cardEventOperations,
  sandboxSendOperation,
  sandboxUmaReceiveOperation,
  advanceSandboxClock,
  sendTestWebhookOperation,
  applySandboxScenario,
  getSandboxScenarioSchema,
  resetSandboxOperation,
  listSandboxRules,
  listSandboxRequests,
  getSandboxRequest,
  listSandboxFaults,
  replaceSandboxFaults,
];
