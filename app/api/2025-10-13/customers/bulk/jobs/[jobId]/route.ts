// GET /customers/bulk/jobs/{jobId} – import job status
import { routeHandlers } from "@/lib/api/next";
import { getBulkImportJobOperation } from "@/lib/api/operations/customers";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(getBulkImportJobOperation);
