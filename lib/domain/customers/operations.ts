// Customers operations.
import { z } from "zod";
import { db } from "../../db/client";
import { defineOperation } from "../../api/operation";
import { ErrorResponses } from "../../api/responses";
import { CustomerCreate, CustomerResponse } from "./schemas";
import { createCustomer } from "./create-customer";
import { retrieveCustomer } from "./retrieve-customer";

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
  responses: { 201: { description: "Created customer", schema: CustomerResponse }, ...ErrorResponses },
  handle: async ({ ctx, body }) => ({ status: 201, body: await createCustomer(db(), ctx.platformId, body) }),
});

// GET /customers/{customerId} – one customer
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
  handle: async ({ ctx, params }) => ({ status: 200, body: await retrieveCustomer(db(), ctx.platformId, params.customerId) }),
});

export const customerOperations = [createCustomerOperation, getCustomerOperation];
