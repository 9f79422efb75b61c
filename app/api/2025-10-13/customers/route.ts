// POST /customers – add a customer
import { routeHandlers } from "@/lib/api/next";
import { createCustomerOperation } from "@/lib/domain/customers/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(createCustomerOperation);
