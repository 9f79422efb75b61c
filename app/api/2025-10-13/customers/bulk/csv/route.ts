// POST /customers/bulk/csv – bulk customer import
import { routeHandlers } from "@/lib/api/next";
import { uploadCustomersCsvOperation } from "@/lib/api/operations/customers";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(uploadCustomersCsvOperation);
