// KYC/KYB Verifications: the operations of the reference's "KYC/KYB Verifications" group, as the API
// declares them (method, path, auth, schemas); the work is done in lib/domain.
import { z } from "zod";
import { defineOperation } from "../operation";
import { ErrorResponses, errorResponsesExcept } from "../responses";
import { db } from "../../db/client";
import {
  createBeneficialOwner,
  listBeneficialOwners,
  getBeneficialOwnerOrThrow,
  updateBeneficialOwner,
} from "../../domain/verifications/beneficial-owners";
import { createKycLink } from "../../domain/verifications/kyc-link";
import { listVerifications, getVerification } from "../../domain/verifications/retrieve";
import {
  VerificationCreate,
  VerificationResponse,
  VerificationListQuery,
  BeneficialOwnerCreate,
  BeneficialOwnerResponse,
  BeneficialOwnerListQuery,
  BeneficialOwnerUpdate,
  KycLinkCreate,
  KycLinkResponse,
} from "../../domain/verifications/schemas";
import { serializeBeneficialOwner } from "../../domain/customers/beneficial-owner";
import { submitVerification } from "../../domain/verifications/submit";
import { pageSchema } from "../../kernel/pagination";

const TAG = "KYC/KYB Verifications";

// POST /verifications – submit a customer for verification (sandbox-resolved)
export const createVerificationOperation = defineOperation({
  operationId: "createVerification",
  method: "POST",
  path: "/verifications",
  summary: "Submit a customer for verification",
  tag: TAG,
  auth: "platform",
  permission: "MANAGE",
  body: VerificationCreate,
  responses: {
    200: { description: "The verification result", schema: VerificationResponse },
    ...errorResponsesExcept(409),
  },
  handle: async ({ ctx, body }) => ({
    status: 200,
    body: await submitVerification(db(), ctx.platformId, body.customerId),
  }),
});

// GET /verifications – list
export const listVerificationsOperation = defineOperation({
  operationId: "listVerifications",
  method: "GET",
  path: "/verifications",
  summary: "List verifications",
  tag: TAG,
  auth: "platform",
  permission: "VIEW",
  query: VerificationListQuery,
  responses: {
    200: { description: "A page of verifications", schema: pageSchema(VerificationResponse) },
    ...ErrorResponses,
  },
  handle: async ({ ctx, query }) => ({ status: 200, body: await listVerifications(db(), ctx.platformId, query) }),
});

// GET /verifications/{verificationId}
export const getVerificationOperation = defineOperation({
  operationId: "getVerification",
  method: "GET",
  path: "/verifications/{verificationId}",
  summary: "Get a verification",
  tag: TAG,
  auth: "platform",
  permission: "VIEW",
  params: z.object({ verificationId: z.string() }),
  responses: { 200: { description: "The verification", schema: VerificationResponse }, ...ErrorResponses },
  handle: async ({ ctx, params }) => ({
    status: 200,
    body: await getVerification(db(), ctx.platformId, params.verificationId),
  }),
});

// POST /beneficial-owners
export const createBeneficialOwnerOperation = defineOperation({
  operationId: "createBeneficialOwner",
  method: "POST",
  path: "/beneficial-owners",
  summary: "Create a beneficial owner",
  tag: TAG,
  auth: "platform",
  permission: "MANAGE",
  body: BeneficialOwnerCreate,
  responses: {
    201: { description: "The beneficial owner", schema: BeneficialOwnerResponse },
    ...errorResponsesExcept(409),
  },
  handle: async ({ ctx, body }) => ({ status: 201, body: await createBeneficialOwner(ctx.platformId, body) }),
});

// GET /beneficial-owners
export const listBeneficialOwnersOperation = defineOperation({
  operationId: "listBeneficialOwners",
  method: "GET",
  path: "/beneficial-owners",
  summary: "List beneficial owners",
  tag: TAG,
  auth: "platform",
  permission: "VIEW",
  query: BeneficialOwnerListQuery,
  responses: {
    200: { description: "A page of beneficial owners", schema: pageSchema(BeneficialOwnerResponse) },
    ...ErrorResponses,
  },
  handle: async ({ ctx, query }) => ({ status: 200, body: await listBeneficialOwners(db(), ctx.platformId, query) }),
});

const OwnerParams = z.object({ beneficialOwnerId: z.string() });

// GET /beneficial-owners/{beneficialOwnerId}
export const getBeneficialOwnerOperation = defineOperation({
  operationId: "getBeneficialOwner",
  method: "GET",
  path: "/beneficial-owners/{beneficialOwnerId}",
  summary: "Get a beneficial owner",
  tag: TAG,
  auth: "platform",
  permission: "VIEW",
  params: OwnerParams,
  responses: { 200: { description: "The beneficial owner", schema: BeneficialOwnerResponse }, ...ErrorResponses },
  handle: async ({ ctx, params }) => ({
    status: 200,
    body: serializeBeneficialOwner(await getBeneficialOwnerOrThrow(db(), ctx.platformId, params.beneficialOwnerId)),
  }),
});

// PATCH /beneficial-owners/{beneficialOwnerId}
export const updateBeneficialOwnerOperation = defineOperation({
  operationId: "updateBeneficialOwner",
  method: "PATCH",
  path: "/beneficial-owners/{beneficialOwnerId}",
  summary: "Update a beneficial owner",
  tag: TAG,
  auth: "platform",
  permission: "MANAGE",
  params: OwnerParams,
  body: BeneficialOwnerUpdate,
  responses: {
    200: { description: "The beneficial owner", schema: BeneficialOwnerResponse },
    ...errorResponsesExcept(409),
  },
  handle: async ({ ctx, params, body }) => ({
    status: 200,
    body: await updateBeneficialOwner(ctx.platformId, params.beneficialOwnerId, body),
  }),
});

// POST /customers/{customerId}/kyc-link – a hosted page where the customer completes verification
export const createKycLinkOperation = defineOperation({
  operationId: "createCustomerKycLink",
  method: "POST",
  path: "/customers/{customerId}/kyc-link",
  summary: "Generate a hosted KYC/KYB link for an existing customer",
  tag: TAG,
  auth: "platform",
  permission: "MANAGE",
  idempotency: "optional",
  params: z.object({ customerId: z.string() }),
  body: KycLinkCreate,
  responses: {
    201: {
      description: "The hosted link",
      schema: KycLinkResponse,
    },
    ...ErrorResponses,
  },
  handle: async ({ ctx, params, body }) => ({
    status: 201,
    body: await createKycLink(ctx.platformId, params.customerId, body),
  }),
});

export const kycKybVerificationsOperations = [
  createKycLinkOperation,
  createVerificationOperation,
  listVerificationsOperation,
  getVerificationOperation,
  createBeneficialOwnerOperation,
  listBeneficialOwnersOperation,
  getBeneficialOwnerOperation,
  updateBeneficialOwnerOperation,
];
