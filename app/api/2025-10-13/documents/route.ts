// POST, GET /documents
import { routeHandlers } from "@/lib/api/next";
import { uploadDocumentOperation, listDocumentsOperation } from "@/lib/api/operations/documents";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(uploadDocumentOperation, listDocumentsOperation);
