// Strong Customer Authentication: the operations of the reference's "Strong Customer Authentication" group, as the API
// declares them (method, path, auth, schemas); the work is done in lib/domain.
import { z } from "zod";
import { defineOperation } from "../operation";
import { ErrorResponses, errorResponsesExcept } from "../responses";
import { db } from "../../db/client";
import { authorizeQuote, resendQuoteCode } from "../../domain/quotes/authorize";
import { listFactors, startFactorEnrollment, confirmFactorEnrollment, deleteFactor } from "../../domain/sca/factors";
import { startLogin, completeLogin, recordSecurityEvent } from "../../domain/sca/login";
import { startReset, getReset, completeReset } from "../../domain/sca/reset";
import {
  CustomerQuery,
  FactorEnrollStart,
  FactorEnrollConfirm,
  LoginStart,
  LoginComplete,
  SecurityEvent,
  ResetStart,
  ResetComplete,
  TrustConfirm,
  ScaAuthorization,
} from "../../domain/sca/schemas";
import { startBeneficiaryTrust, confirmBeneficiaryTrust } from "../../domain/sca/trust";
import {
  RecordSecurityEventResponse,
  ScaFactorConfirmResponseOneOf,
  ScaFactorEnrollStartOneOf,
  ScaFactorList,
  ScaLoginComplete,
  ScaLoginStart,
  TwoFactorResetStart,
  TwoFactorResetStatus,
} from "../../kernel/reference-schemas.generated";
import { QuoteResponse, ScaChallengeResponse } from "../../domain/quotes/schemas";

const SCA = "Strong Customer Authentication";

export const NotRequired = {
  409: { description: "Not required for this customer (outside the EU/EEA), or SCA_SESSION_REQUIRED" },
};

const AccountParams = z.object({ externalAccountId: z.string() });

export const listScaFactorsOperation = defineOperation({
  operationId: "listScaFactors",
  method: "GET",
  path: "/sca/factors",
  summary: "List a customer's SCA factors",
  tag: SCA,
  auth: "platform",
  permission: "VIEW",
  query: CustomerQuery,
  responses: { 200: { description: "Factors", schema: ScaFactorList }, ...errorResponsesExcept(400), ...NotRequired },
  handle: async ({ ctx, query }) => ({ status: 200, body: await listFactors(db(), ctx.platformId, query.customerId) }),
});

export const startScaFactorEnrollmentOperation = defineOperation({
  operationId: "startScaFactorEnrollment",
  method: "POST",
  path: "/sca/factors",
  summary: "Start enrolling an SCA factor (TOTP, or PASSKEY: one per customer)",
  tag: SCA,
  auth: "platform",
  permission: "MANAGE",
  query: CustomerQuery,
  body: FactorEnrollStart,
  responses: {
    200: {
      description: "TOTP secret and provisioning URI, or PASSKEY WebAuthn registration options",
      schema: ScaFactorEnrollStartOneOf,
    },
    ...ErrorResponses,
    409: { description: "Not required for this customer (outside the EU/EEA), or PASSKEY_ALREADY_ENROLLED" },
  },
  handle: async ({ ctx, query, body }) => ({
    status: 200,
    body: await startFactorEnrollment(db(), ctx.platformId, query.customerId, body.type),
  }),
});

export const confirmScaFactorEnrollmentOperation = defineOperation({
  operationId: "confirmScaFactorEnrollment",
  method: "POST",
  path: "/sca/factors/confirm",
  summary: "Confirm an SCA factor enrollment",
  tag: SCA,
  auth: "platform",
  permission: "MANAGE",
  query: CustomerQuery,
  body: FactorEnrollConfirm,
  responses: {
    200: { description: "Recovery codes", schema: ScaFactorConfirmResponseOneOf },
    ...ErrorResponses,
    ...NotRequired,
  },
  handle: async ({ ctx, query, body }) => ({
    status: 200,
    body: await confirmFactorEnrollment(db(), ctx.platformId, query.customerId, body),
  }),
});

export const deleteScaFactorOperation = defineOperation({
  operationId: "deleteScaFactor",
  method: "DELETE",
  path: "/sca/factors/{credentialId}",
  summary: "Delete an enrolled SCA factor (needs an SCA session)",
  tag: SCA,
  auth: "platform",
  permission: "MANAGE",
  params: z.object({ credentialId: z.string() }),
  query: CustomerQuery,
  responses: { 204: { description: "Deleted" }, ...errorResponsesExcept(400), ...NotRequired },
  handle: async ({ ctx, params, query }) => {
    await deleteFactor(db(), ctx.platformId, query.customerId, params.credentialId);
    return { status: 204 };
  },
});

export const startScaLoginOperation = defineOperation({
  operationId: "startScaLogin",
  method: "POST",
  path: "/sca/login/start",
  summary: "Start an SCA login",
  tag: SCA,
  auth: "platform",
  permission: "MANAGE",
  query: CustomerQuery,
  body: LoginStart,
  responses: {
    200: { description: "Login started", schema: ScaLoginStart },
    ...ErrorResponses,
    ...NotRequired,
  },
  handle: async ({ ctx, query, body }) => ({
    status: 200,
    body: await startLogin(db(), ctx.platformId, query.customerId, body.factor),
  }),
});

export const completeScaLoginOperation = defineOperation({
  operationId: "completeScaLogin",
  method: "POST",
  path: "/sca/login/complete",
  summary: "Complete an SCA login",
  tag: SCA,
  auth: "platform",
  permission: "MANAGE",
  query: CustomerQuery,
  body: LoginComplete,
  responses: {
    200: { description: "SCA session opened", schema: ScaLoginComplete },
    ...ErrorResponses,
    ...NotRequired,
    423: { description: "ACCOUNT_LOCKED" },
  },
  handle: async ({ ctx, query, body }) => ({
    status: 200,
    body: await completeLogin(db(), ctx.platformId, query.customerId, body),
  }),
});

export const recordSecurityEventOperation = defineOperation({
  operationId: "recordSecurityEvent",
  method: "POST",
  path: "/sca/record-event",
  summary: "Record a security event",
  tag: SCA,
  auth: "platform",
  permission: "MANAGE",
  query: CustomerQuery,
  body: SecurityEvent,
  responses: {
    200: { description: "Login-security state", schema: RecordSecurityEventResponse },
    ...ErrorResponses,
    ...NotRequired,
  },
  handle: async ({ ctx, query, body }) => ({
    status: 200,
    body: await recordSecurityEvent(db(), ctx.platformId, query.customerId, body.eventType),
  }),
});

export const startTwoFactorResetOperation = defineOperation({
  operationId: "startTwoFactorReset",
  method: "POST",
  path: "/sca/factors/reset",
  summary: "Start a 2FA reset",
  tag: SCA,
  auth: "platform",
  permission: "MANAGE",
  query: CustomerQuery,
  body: ResetStart,
  responses: { 201: { description: "Reset started", schema: TwoFactorResetStart }, ...ErrorResponses, ...NotRequired },
  handle: async ({ ctx, query, body }) => ({
    status: 201,
    body: await startReset(db(), ctx.platformId, query.customerId, body.factor),
  }),
});

export const getTwoFactorResetOperation = defineOperation({
  operationId: "getTwoFactorResetStatus",
  method: "GET",
  path: "/sca/factors/reset/{resetId}",
  summary: "Get 2FA reset status",
  tag: SCA,
  auth: "platform",
  permission: "VIEW",
  params: z.object({ resetId: z.string() }),
  query: CustomerQuery,
  responses: {
    200: { description: "Reset status", schema: TwoFactorResetStatus },
    ...errorResponsesExcept(400),
    ...NotRequired,
  },
  handle: async ({ ctx, params, query }) => ({
    status: 200,
    body: await getReset(db(), ctx.platformId, query.customerId, params.resetId),
  }),
});

export const completeTwoFactorResetOperation = defineOperation({
  operationId: "completeTwoFactorReset",
  method: "POST",
  path: "/sca/factors/reset/{resetId}/complete",
  summary: "Complete a 2FA reset",
  tag: SCA,
  auth: "platform",
  permission: "MANAGE",
  params: z.object({ resetId: z.string() }),
  query: CustomerQuery,
  body: ResetComplete,
  responses: { 204: { description: "Completed" }, ...ErrorResponses, ...NotRequired },
  handle: async ({ ctx, params, query, body }) => {
    await completeReset(db(), ctx.platformId, query.customerId, params.resetId, body);
    return { status: 204 };
  },
});

function trustOps(direction: "TRUST" | "UNTRUST") {
  const word = direction === "TRUST" ? "trust" : "untrust";
  const Word = direction === "TRUST" ? "Trust" : "Untrust";
  const start = defineOperation({
    operationId: `startBeneficiary${Word}`,
    method: "POST",
    path: `/customers/external-accounts/{externalAccountId}/${word}`,
    summary: `Start ${word}ing a beneficiary (needs an SCA session)`,
    tag: SCA,
    auth: "platform",
    permission: "MANAGE",
    params: AccountParams,
    responses: {
      200: { description: "The SCA challenge", schema: z.strictObject({ scaChallenge: ScaChallengeResponse }) },
      ...ErrorResponses,
      ...NotRequired,
    },
    handle: async ({ ctx, params }) => ({
      status: 200,
      body: await startBeneficiaryTrust(db(), ctx.platformId, params.externalAccountId, direction),
    }),
  });
  const confirm = defineOperation({
    operationId: `confirmBeneficiary${Word}`,
    method: "POST",
    path: `/customers/external-accounts/{externalAccountId}/${word}/confirm`,
    summary: `Confirm ${word}ing a beneficiary`,
    tag: SCA,
    auth: "platform",
    permission: "MANAGE",
    params: AccountParams,
    body: TrustConfirm,
    responses: {
      200: { description: "{trusted}", schema: z.strictObject({ trusted: z.boolean() }) },
      ...ErrorResponses,
      ...NotRequired,
    },
    handle: async ({ ctx, params, body }) => ({
      status: 200,
      body: await confirmBeneficiaryTrust(db(), ctx.platformId, params.externalAccountId, direction, body),
    }),
  });
  return [start, confirm] as const;
}

export const [startBeneficiaryTrustOperation, confirmBeneficiaryTrustOperation] = trustOps("TRUST");

export const [startBeneficiaryUntrustOperation, confirmBeneficiaryUntrustOperation] = trustOps("UNTRUST");

const QuoteParams = z.object({ quoteId: z.string() });

export const authorizeQuoteOperation = defineOperation({
  operationId: "authorizeQuote",
  method: "POST",
  path: "/quotes/{quoteId}/authorize",
  summary: "Authorize a quote's SCA challenge (sandbox code 123456)",
  tag: SCA,
  auth: "platform",
  permission: "TRANSACT",
  params: QuoteParams,
  body: ScaAuthorization,
  responses: {
    200: { description: "Challenge authorized; the updated quote", schema: QuoteResponse },
    ...ErrorResponses,
    409: { description: "SCA not required for this customer, no pending challenge, or SCA_SESSION_REQUIRED" },
    423: { description: "ACCOUNT_LOCKED" },
    429: { description: "RATE_LIMITED: too many wrong answers for this challenge (Retry-After)" },
  },
  handle: async ({ ctx, params, body }) => ({
    status: 200,
    body: await authorizeQuote(db(), ctx.platformId, params.quoteId, body),
  }),
});

export const resendQuoteScaCodeOperation = defineOperation({
  operationId: "resendQuoteScaCode",
  method: "POST",
  path: "/quotes/{quoteId}/authorize/resend",
  summary: "Re-send a quote's SMS SCA code (same challenge, same expiry)",
  tag: SCA,
  auth: "platform",
  permission: "TRANSACT",
  params: QuoteParams,
  responses: {
    204: { description: "Code re-sent" },
    ...ErrorResponses,
    409: { description: "SCA not required, no pending SMS challenge, or a PASSKEY challenge" },
    429: { description: "RATE_LIMITED: re-sent too often (Retry-After)" },
  },
  handle: async ({ ctx, params }) => {
    await resendQuoteCode(db(), ctx.platformId, params.quoteId);
    return { status: 204 };
  },
});

export const strongCustomerAuthenticationOperations = [
  listScaFactorsOperation,
  startScaFactorEnrollmentOperation,
  confirmScaFactorEnrollmentOperation,
  deleteScaFactorOperation,
  startScaLoginOperation,
  completeScaLoginOperation,
  recordSecurityEventOperation,
  startTwoFactorResetOperation,
  getTwoFactorResetOperation,
  completeTwoFactorResetOperation,
  startBeneficiaryTrustOperation,
  confirmBeneficiaryTrustOperation,
  startBeneficiaryUntrustOperation,
  confirmBeneficiaryUntrustOperation,
  authorizeQuoteOperation,
  resendQuoteScaCodeOperation,
];
