// GET /customers/{customerId} – one customer
import { routeHandlers } from "@/lib/api/next";
import { getCustomerOperation } from "@/lib/domain/customers/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(getCustomerOperation);
