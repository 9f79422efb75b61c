// Customers: the operations of the reference's "Customers" group, as the API
// declares them (method, path, auth, schemas); the work is done in lib/domain.
import { SIGNED_RETRY_HEADERS, signedCall, walletAnswer } from "../signed-retry";
import { z } from "zod";
import { defineOperation } from "../operation";
import { ErrorResponses, ErrorSchema, errorResponsesExcept } from "../responses";
import { db } from "../../db/client";
import { startBulkImport, getBulkImport } from "../../domain/customers/bulk-import";
import { createCustomer } from "../../domain/customers/create-customer";
import { listCustomers } from "../../domain/customers/list-customers";
import { retrieveCustomer } from "../../domain/customers/retrieve-customer";
import { CustomerCreate, CustomerResponse, CustomerListQuery, CustomerUpdate } from "../../domain/customers/schemas";
import { END_USER_TERMS } from "../../domain/customers/terms";
import { updateCustomer, deleteCustomer } from "../../domain/customers/update-customer";
import { walletContactGate } from "../../domain/wallet-auth/contact-change";
import { SignedRetryChallengeResponse } from "../../domain/wallet-auth/schemas";
import { pageSchema } from "../../kernel/pagination";

const CustomerParams = z.object({ customerId: z.string() });

// POST /customers – add a customer (individual or business)
export const createCustomerOperation = defineOperation({
  operationId: "createCustomer",
  method: "POST",
  path: "/customers",
  summary: "Add a new customer",
  tag: "Customers",
  auth: "platform",
  permission: "MANAGE",
  body: CustomerCreate,
  responses: { 201: { description: "Created customer", schema: CustomerResponse }, ...errorResponsesExcept(404) },
  handle: async ({ ctx, body }) => ({ status: 201, body: await createCustomer(db(), ctx.platformId, body) }),
});

// GET /customers – list with filters and cursor pagination
export const listCustomersOperation = defineOperation({
  operationId: "listCustomers",
  method: "GET",
  path: "/customers",
  summary: "List customers",
  tag: "Customers",
  auth: "platform",
  permission: "VIEW",
  query: CustomerListQuery,
  responses: { 200: { description: "A page of customers", schema: pageSchema(CustomerResponse) }, ...ErrorResponses },
  handle: async ({ ctx, query }) => ({ status: 200, body: await listCustomers(db(), ctx.platformId, query) }),
});

// GET /customers/{customerId} – one customer (a deleted one shows isDeleted: true)
export const getCustomerOperation = defineOperation({
  operationId: "getCustomerById",
  method: "GET",
  path: "/customers/{customerId}",
  summary: "Get a customer by id",
  tag: "Customers",
  auth: "platform",
  permission: "VIEW",
  params: CustomerParams,
  responses: { 200: { description: "The customer", schema: CustomerResponse }, ...ErrorResponses },
  handle: async ({ ctx, params }) => ({
    status: 200,
    body: await retrieveCustomer(db(), ctx.platformId, params.customerId),
  }),
});

// PATCH /customers/{customerId} – update; email and phone change in separate calls
export const updateCustomerOperation = defineOperation({
  operationId: "updateCustomerById",
  method: "PATCH",
  path: "/customers/{customerId}",
  summary: "Update a customer",
  tag: "Customers",
  auth: "platform",
  permission: "MANAGE",
  params: CustomerParams,
  body: CustomerUpdate,
  headers: SIGNED_RETRY_HEADERS,
  responses: {
    200: { description: "The updated customer", schema: CustomerResponse },
    202: {
      description: "Signed-retry challenge: the email/phone is tied to embedded-wallet OTP credentials",
      schema: SignedRetryChallengeResponse,
    },
    ...ErrorResponses,
  },
  handle: async ({ ctx, params, body, request, rawBody }) => {
    const result = await updateCustomer(
      db(),
      ctx.platformId,
      params.customerId,
      body,
      walletContactGate({ ctx, call: signedCall(request, rawBody) }),
    );
    return walletAnswer(result);
  },
});

// DELETE /customers/{customerId} – soft delete; a repeat delete is 410 CUSTOMER_DELETED
export const deleteCustomerOperation = defineOperation({
  operationId: "deleteCustomerById",
  method: "DELETE",
  path: "/customers/{customerId}",
  summary: "Delete a customer",
  tag: "Customers",
  auth: "platform",
  permission: "MANAGE",
  params: CustomerParams,
  responses: {
    200: { description: "The deleted customer", schema: CustomerResponse },
    ...errorResponsesExcept(409),
    410: { description: "Already deleted (CUSTOMER_DELETED)", schema: ErrorSchema },
  },
  handle: async ({ ctx, params }) => ({
    status: 200,
    body: await deleteCustomer(db(), ctx.platformId, params.customerId),
  }),
});

// GET /customers/end-user-terms – the current End User Terms
export const getEndUserTermsOperation = defineOperation({
  operationId: "getEndUserTerms",
  method: "GET",
  path: "/customers/end-user-terms",
  summary: "Get the current End User Terms",
  tag: "Customers",
  auth: "platform",
  permission: "VIEW",
  responses: {
    200: {
      description: "Version and URL of the End User Terms",
      schema: z.object({ version: z.string(), url: z.string() }),
    },
    // a constant answer: nothing of its own can fail (the reference documents 200 and 401 only)
    ...errorResponsesExcept(500),
  },
  handle: async () => ({ status: 200, body: { ...END_USER_TERMS } }),
});

/** The reference's BulkCustomerImportJob, exactly as serializeImportJob writes it. */
const BulkImportJobResponse = z.strictObject({
  id: z.string(),
  status: z.enum(["PENDING", "PROCESSING", "COMPLETED", "FAILED"]),
  progress: z.strictObject({
    total: z.number().int(),
    processed: z.number().int(),
    successful: z.number().int(),
    failed: z.number().int(),
  }),
  /** One entry per failed row: the row's platformCustomerId (or row_<n>) and the spec error body. */
  errors: z.array(
    z.strictObject({
      correlationId: z.string(),
      code: z.string(),
      reason: z.string(),
      details: z.record(z.string(), z.unknown()).optional(),
    }),
  ),
  completedAt: z.string().optional(),
});

const BulkImportJobAccepted = z.strictObject({ jobId: z.string(), status: z.enum(["PENDING", "PROCESSING"]) });

// POST /customers/bulk/csv – upload customers as CSV; answers 202 with a pollable job
export const uploadCustomersCsvOperation = defineOperation({
  operationId: "uploadCustomersCsv",
  method: "POST",
  path: "/customers/bulk/csv",
  summary: "Upload customers via CSV file",
  tag: "Customers",
  auth: "platform",
  permission: "MANAGE",
  bodyKind: "multipart",
  body: z.object({
    file: z.custom<File>(
      (v) => typeof Blob !== "undefined" && v instanceof Blob,
      "Attach the CSV as a multipart file part named file",
    ),
  }),
  responses: {
    202: { description: "Accepted; poll the job", schema: BulkImportJobAccepted },
    ...errorResponsesExcept(404, 409),
  },
  handle: async ({ ctx, body }) => ({ status: 202, body: await startBulkImport(db(), ctx.platformId, body.file) }),
});

// GET /customers/bulk/jobs/{jobId} – progress and per-row errors of an import
export const getBulkImportJobOperation = defineOperation({
  operationId: "getBulkCustomerImportJob",
  method: "GET",
  path: "/customers/bulk/jobs/{jobId}",
  summary: "Get bulk import job status",
  tag: "Customers",
  auth: "platform",
  permission: "VIEW",
  params: z.object({ jobId: z.string() }),
  responses: { 200: { description: "The import job", schema: BulkImportJobResponse }, ...ErrorResponses },
  handle: async ({ ctx, params }) => ({ status: 200, body: await getBulkImport(db(), ctx.platformId, params.jobId) }),
});

export const customersOperations = [
  uploadCustomersCsvOperation,
  getBulkImportJobOperation,
  createCustomerOperation,
  listCustomersOperation,
  getCustomerOperation,
  updateCustomerOperation,
  deleteCustomerOperation,
  getEndUserTermsOperation,
];
