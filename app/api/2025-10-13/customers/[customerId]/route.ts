// GET, PATCH, DELETE /customers/{customerId}
import { routeHandlers } from "@/lib/api/next";
import { getCustomerOperation, updateCustomerOperation, deleteCustomerOperation } from "@/lib/api/operations/customers";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  getCustomerOperation,
  updateCustomerOperation,
  deleteCustomerOperation,
);
