// GET /customers/bulk/jobs/{jobId} – import job status
import { routeHandlers } from "@/lib/api/next";
import { getBulkImportJobOperation } from "@/lib/domain/customers/operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(getBulkImportJobOperation);
