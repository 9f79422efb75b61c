// POST /customers/bulk/csv – bulk customer import
import { routeHandlers } from "@/lib/api/next";
import { uploadCustomersCsvOperation } from "@/lib/domain/customers/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(uploadCustomersCsvOperation);
