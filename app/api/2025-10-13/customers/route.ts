// POST, GET /customers – add and list customers
import { routeHandlers } from "@/lib/api/next";
import { createCustomerOperation, listCustomersOperation } from "@/lib/api/operations/customers";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(createCustomerOperation, listCustomersOperation);
